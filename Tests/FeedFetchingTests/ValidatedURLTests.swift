@testable import FeedFetching
import Testing

@Suite struct ValidatedURLTests {
    @Test func acceptsHTTPAndHTTPS() throws {
        let url = try ValidatedURL("  https://Example.ORG:8443/feed.xml?x=1\n")
        #expect(url.string == "https://Example.ORG:8443/feed.xml?x=1")
        #expect(url.scheme == "https")
        #expect(url.host == "example.org")
        #expect(try ValidatedURL("HTTP://127.0.0.1/").scheme == "http")
    }

    @Test func readsTheSchemeByRFC3986() {
        #expect(ValidatedURL.scheme(of: "svn+ssh://host/") == "svn+ssh")
        #expect(ValidatedURL.scheme(of: "JavaScript:void(0)") == "javascript")
        #expect(ValidatedURL.scheme(of: "1http://host/") == nil)
        #expect(ValidatedURL.scheme(of: "/relative/path") == nil)
        #expect(ValidatedURL.scheme(of: "host:8080/feed") == "host")
    }

    @Test func refusesWhatIsNotAnAbsoluteHTTPURL() {
        #expect(throws: FetchError.unsupportedScheme("mailto")) { try ValidatedURL("mailto:me@example.org") }
        #expect(throws: FetchError.invalidURL("//example.org/feed")) { try ValidatedURL("//example.org/feed") }
        #expect(throws: FetchError.invalidURL("http://exa mple.org/")) { try ValidatedURL("http://exa mple.org/") }
    }
}

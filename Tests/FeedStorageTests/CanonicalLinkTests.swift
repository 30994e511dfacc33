@testable import FeedStorage
import Testing

struct CanonicalLinkTests {
    @Test func trackingParametersSchemeCaseFragmentsAndSlashesDoNotMatter() {
        let same = [
            "https://Blog.Example.org/2026/11/post/?utm_source=rss&utm_medium=feed#comments",
            "http://blog.example.org/2026/11/post",
            "https://blog.example.org:443/2026/11/post/?fbclid=abc",
            "https://blog.example.org/2026/11/post?UTM_CAMPAIGN=x&gclid=1&mc_eid=2",
        ]
        for link in same {
            #expect(CanonicalLink.key(for: link) == "blog.example.org/2026/11/post", "\(link)")
        }
    }

    @Test func meaningfulQueriesPathsAndPortsStay() {
        #expect(CanonicalLink.key(for: "https://example.org/item?id=42&utm_source=x") == "example.org/item?id=42")
        #expect(CanonicalLink.key(for: "https://example.org/item?id=42") != CanonicalLink.key(for: "https://example.org/item?id=43"))
        #expect(CanonicalLink.key(for: "https://example.org:8443/a") == "example.org:8443/a")
        #expect(CanonicalLink.key(for: "https://example.org/A") != CanonicalLink.key(for: "https://example.org/a"))
        #expect(CanonicalLink.key(for: "https://example.org") == "example.org/")
    }

    @Test func onlyWebLinksHaveAKey() {
        for link in [nil, "", "mailto:a@example.org", "ftp://example.org/x", "/relative/path", "javascript:alert(1)"] {
            #expect(CanonicalLink.key(for: link) == nil, "\(link ?? "nil")")
        }
    }

    @Test func onlyURIGuidsIdentifyAnArticleAcrossFeeds() {
        #expect(CanonicalLink.isGlobalGUID("tag:example.org,2026:post-12"))
        #expect(CanonicalLink.isGlobalGUID("https://example.org/?p=12"))
        #expect(CanonicalLink.isGlobalGUID("urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a"))
        for guid in [nil, "12", "2026-11-21", "post-12", "a:b"] {
            #expect(!CanonicalLink.isGlobalGUID(guid), "\(guid ?? "nil")")
        }
    }
}

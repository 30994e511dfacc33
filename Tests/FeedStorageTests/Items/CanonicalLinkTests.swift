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

    @Test func authorityForms() {
        #expect(CanonicalLink.key(for: "https://reader:secret@Example.org/a") == "example.org/a")
        #expect(CanonicalLink.key(for: "http://example.org:/a") == "example.org/a")
        #expect(CanonicalLink.key(for: "http://example.org:080/a") == "example.org/a")
        #expect(CanonicalLink.key(for: "http://example.org:443/a") == "example.org:443/a")
        #expect(CanonicalLink.key(for: "HTTPS://[2001:DB8::1]:8443/a") == "[2001:db8::1]:8443/a")
        #expect(CanonicalLink.key(for: "https://[2001:db8::1]/a") == "[2001:db8::1]/a")
        #expect(CanonicalLink.key(for: " \n https://example.org/a \t") == "example.org/a")
        #expect(CanonicalLink.key(for: "https://example.org?id=1") == "example.org/?id=1")
        #expect(CanonicalLink.key(for: "https://example.org#top") == "example.org/")
    }

    @Test func queriesKeepTheirEncodingAndOrder() {
        #expect(CanonicalLink.key(for: "https://example.org/a?") == "example.org/a")
        #expect(CanonicalLink.key(for: "https://example.org/a?utm_source=x") == "example.org/a")
        #expect(CanonicalLink.key(for: "https://example.org/a?b=2&&a=1&utm_medium=rss") == "example.org/a?b=2&a=1")
        #expect(CanonicalLink.key(for: "https://example.org/caf%C3%A9/?q=a%20b&flag") == "example.org/caf%C3%A9?q=a%20b&flag")
        #expect(CanonicalLink.key(for: "https://example.org/a?q=1#x?y=2") == "example.org/a?q=1")
        #expect(CanonicalLink.key(for: "https://example.org/a?next=/b/?utm_source=x") == "example.org/a?next=/b/?utm_source=x")
    }

    @Test func onlyWebLinksHaveAKey() {
        for link in [
            nil, "", "mailto:a@example.org", "ftp://example.org/x", "/relative/path", "javascript:alert(1)",
            "https:", "https:/example.org/a", "https://", "https:///a", "https://user@/a",
            "https://example.org:80a/b", "https://example.org:99999/b", "https://[::1/a", "https://[::1]x/a",
        ] {
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

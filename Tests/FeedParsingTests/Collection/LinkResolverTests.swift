import Foundation
import Testing
@testable import FeedParsing

@Suite("LinkResolver")
struct LinkResolverTests {
    private let base = IRI("https://example.com/blog/feed.xml")

    @Test(arguments: [
        ("post.html", "https://example.com/blog/post.html"),
        ("/about", "https://example.com/about"),
        ("../up", "https://example.com/up"),
        ("?page=2", "https://example.com/blog/feed.xml?page=2"),
        ("#top", "https://example.com/blog/feed.xml#top"),
        ("//cdn.example.net/a.mp3", "https://cdn.example.net/a.mp3"),
        ("http://other.example/x", "http://other.example/x"),
        ("javascript:alert(1)", "javascript:alert(1)"),
        ("data:text/html,<script>", "data:text/html,<script>"),
        ("Mailto:a@b.example", "Mailto:a@b.example"),
    ])
    func resolve(link: String, expected: String) {
        #expect(LinkResolver.resolve(link, against: base) == expected)
    }

    @Test func withoutBaseLinksStayAsWritten() {
        #expect(LinkResolver.resolve("post.html", against: nil) == "post.html")
    }

    @Test func nestedXMLBase() {
        let section = LinkResolver.base("section/", below: base)
        #expect(section?.absoluteString == "https://example.com/blog/section/")
        #expect(LinkResolver.resolve("a.html", against: section) == "https://example.com/blog/section/a.html")
        #expect(LinkResolver.base("https://other.example/", below: section)?.absoluteString == "https://other.example/")
    }

    @Test(arguments: [
        ("café/menu.html", "https://example.com/blog/café/menu.html"),
        ("/straße?q=ü#teil", "https://example.com/straße?q=ü#teil"),
        ("caf%C3%A9.html", "https://example.com/blog/caf%C3%A9.html"),
        ("./a/./b/../c", "https://example.com/blog/a/c"),
        ("../../../../x", "https://example.com/x"),
        ("", "https://example.com/blog/feed.xml"),
        ("//例え.jp/パス", "https://例え.jp/パス"),
    ])
    func resolvesIRIsKeepingTheirCharacters(link: String, expected: String) {
        #expect(LinkResolver.resolve(link, against: base) == expected)
    }

    @Test func nonASCIIBaseStaysReadable() {
        let base = LinkResolver.base("https://example.org/café/", below: nil)
        #expect(base?.absoluteString == "https://example.org/café/")
        let nested = LinkResolver.base("menü/", below: base)
        #expect(nested?.absoluteString == "https://example.org/café/menü/")
        #expect(LinkResolver.resolve("../tee.html", against: nested) == "https://example.org/café/tee.html")
    }

    @Test func relativeBaseWithoutDocumentURLStaysRelative() {
        let base = LinkResolver.base("/archive/", below: nil)
        #expect(LinkResolver.resolve("2024.html", against: base) == "/archive/2024.html")
    }
}

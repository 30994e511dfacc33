import Testing
@testable import FeedClient

struct LinkPolicyTests {
    @Test(arguments: [
        "https://example.org/", "http://example.org", "HTTPS://Example.org/a?b=c#d",
        "https://user@example.org:8443/x", "http://[::1]:8080/", "https://例え.jp/パス",
    ])
    func allowsWebLinks(_ link: String) {
        #expect(LinkPolicy.refusal(for: link) == nil)
    }

    @Test(arguments: [
        "javascript:alert(1)", "JavaScript:alert(1)", "file:///etc/passwd", "data:text/html,<b>x</b>",
        "ftp://example.org/", "mailto:a@example.org", "/relative/path", "example.org/page", "",
        "vbscript:msgbox", "x-custom-handler://run",
    ])
    func refusesOtherSchemes(_ link: String) {
        #expect(LinkPolicy.refusal(for: link) == "only http and https links are opened")
    }

    @Test(arguments: [
        "https://example.org/a b", "https://example.org/\u{1B}[31m", "https://example.org/\n",
        "https://example.org/\u{202E}fdp.exe", "https://example.org/\u{9B}", "https://example.org/\u{A0}",
    ])
    func refusesInvisibleCharacters(_ link: String) {
        #expect(LinkPolicy.refusal(for: link) == "links with spaces or control characters are not opened")
    }

    @Test(arguments: ["http:example.org", "https://", "https:///path", "http://user@/x", "https://:80/"])
    func refusesLinksWithoutHost(_ link: String) {
        #expect(LinkPolicy.refusal(for: link) == "the link has no host")
    }

    /// What may not appear in a URL reaches the browser percent-encoded; what may, and escapes
    /// already made, stay as they are.
    @Test func theBrowserGetsOnlyCharactersAURLMayHold() {
        let cases: [(String, String)] = [
            ("https://example.org/a?b=c&d=e#f", "https://example.org/a?b=c&d=e#f"),
            ("https://example.org/\"><script>", "https://example.org/%22%3E%3Cscript%3E"),
            ("https://example.org/{a}|b^c`d\\e", "https://example.org/%7Ba%7D%7Cb%5Ec%60d%5Ce"),
            ("https://example.org/%41%zz%", "https://example.org/%41%25zz%25"),
            ("https://例え.jp/パス", "https://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9"),
            ("http://[::1]:8080/p;x=1,(y)!*'~", "http://[::1]:8080/p;x=1,(y)!*'~"),
        ]
        #expect(!cases.isEmpty)
        for (link, expected) in cases {
            #expect(LinkPolicy.browserForm(of: link) == expected, "\(link)")
            #expect(LinkPolicy.refusal(for: LinkPolicy.browserForm(of: link)) == nil)
        }
    }

    @Test(arguments: ["https://example.org/\u{3164}", "https://example.org/\u{2800}x", "https://exa\u{034F}mple.org/"])
    func refusesInvisibleFillers(_ link: String) {
        #expect(LinkPolicy.refusal(for: link) == "links with spaces or control characters are not opened")
    }
}

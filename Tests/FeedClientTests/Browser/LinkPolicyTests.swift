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
}

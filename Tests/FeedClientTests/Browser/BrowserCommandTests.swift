import Testing
@testable import FeedClient

struct BrowserCommandTests {
    let url = "https://example.org/a?b=1&c=2"

    @Test func appendsTheURLWhenThereIsNoPlaceholder() throws {
        let command = try #require(BrowserCommand(parsing: "firefox --new-tab"))
        #expect(command.arguments(for: url) == ["firefox", "--new-tab", url])
    }

    @Test func replacesEveryPlaceholder() throws {
        let command = try #require(BrowserCommand(parsing: "w3m -o confirm_qq=false %s"))
        #expect(command.arguments(for: url) == ["w3m", "-o", "confirm_qq=false", url])
        let embedded = try #require(BrowserCommand(parsing: "browser --url=%s --label=100%%"))
        #expect(embedded.arguments(for: url) == ["browser", "--url=" + url, "--label=100%"])
    }

    @Test func aPercentSInTheURLIsNotExpandedAgain() throws {
        let command = try #require(BrowserCommand(parsing: "open %s"))
        #expect(command.arguments(for: "https://x.org/%s%d") == ["open", "https://x.org/%s%d"])
    }

    @Test func splitsWithQuotesAndEscapesButNoShell() {
        #expect(BrowserCommand.split("  a   b\tc ") == ["a", "b", "c"])
        #expect(BrowserCommand.split(#"'/opt/My Browser/run' --flag"#) == ["/opt/My Browser/run", "--flag"])
        #expect(BrowserCommand.split(#"say "two words" 'it''s' a\ b"#) == ["say", "two words", "its", "a b"])
        #expect(BrowserCommand.split(#"echo "$(rm -rf ~)"; ls | cat"#) == ["echo", "$(rm -rf ~);", "ls", "|", "cat"])
        #expect(BrowserCommand.split(#"empty '' arg"#) == ["empty", "", "arg"])
        #expect(BrowserCommand.split("   ") == [])
        #expect(BrowserCommand(parsing: " ") == nil)
    }

    @Test func prefersTheConfiguredBrowser() {
        let candidates = BrowserCommand.candidates(configured: "lynx %s", environment: ["BROWSER": "firefox"])
        #expect(candidates.map(\.template) == [["lynx", "%s"]])
    }

    @Test func triesEachEntryOfBROWSERInOrder() {
        let candidates = BrowserCommand.candidates(configured: nil, environment: ["BROWSER": "w3m:firefox --private-window %s::xdg-open"])
        #expect(candidates.map(\.template) == [["w3m"], ["firefox", "--private-window", "%s"], ["xdg-open"]])
        let blankSetting = BrowserCommand.candidates(configured: "  ", environment: ["BROWSER": "lynx"])
        #expect(blankSetting.map(\.template) == [["lynx"]])
    }

    @Test func fallsBackToXdgOpen() {
        #expect(BrowserCommand.candidates(configured: nil, environment: [:]).map(\.template) == [["xdg-open"]])
        #expect(BrowserCommand.candidates(configured: "", environment: ["BROWSER": ":"]).map(\.template) == [["xdg-open"]])
    }
}

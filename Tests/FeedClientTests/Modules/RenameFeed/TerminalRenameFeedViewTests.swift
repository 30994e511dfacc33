import Testing
@testable import FeedClient

struct TerminalRenameFeedViewTests {
    @Test func theLineIsWrittenWholeAtEveryWidth() {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            TerminalRenameFeedView(terminal: terminal, json: false).showRenamed(
                "Renamed feed 12 to \"中文博客：终端与工具的故事 🎉 and a long English tail\"", feed: .fixture(12))
            #expect(terminal.outLines == ["Renamed feed 12 to \"中文博客：终端与工具的故事 🎉 and a long English tail\""], "width \(width)")
        }
    }

    @Test func hostileTitlesNeverReachTheTerminal() {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            let view = TerminalRenameFeedView(terminal: terminal, json: false)
            view.showRenamed("Renamed feed 1 to \"\u{1B}]52;c;cHduZWQ=\u{07}Clip\u{9D}x\u{9C}board\u{2066}\u{200E}\"", feed: .fixture(1))
            view.showFailure(CommandFailure(message: "cannot rename 'a\u{1B}[K': no feed"))
            #expect(terminal.outLines == ["Renamed feed 1 to \"Clipboard\""])
            #expect(terminal.errLines == ["tidings: cannot rename 'a': no feed"])
            #expect(terminal.dangerousScalars.isEmpty)
        }
    }

    // MARK: - JSON

    @Test func jsonIsTheTagDocumentAtEveryWidth() {
        for width in [40, 80, 160] {
            let row = FeedRow.fixture(12, title: "中文博客：终端与工具的故事 🎉 and a long English tail", tags: ["新闻"])
            let terminal = TerminalSpy(isTTY: true, width: width, usesColor: true)
            TerminalRenameFeedView(terminal: terminal, json: true).showRenamed("ignored", feed: row)
            #expect(terminal.out == #"{"feed":{"number":12,"title":"中文博客：终端与工具的故事 🎉 and a long English tail","url":"https://planet.example.org/rss.xml","siteLink":null,"unread":3,"total":10,"lastRefreshed":"2026-11-22T09:55:00Z","lastError":null,"health":"ok","httpStatus":null,"consecutiveFailures":0,"nextCheck":null,"goneSince":null,"tags":["新闻"],"settings":{},"synced":false}}"# + "\n", "width \(width)")
            #expect(terminal.err.isEmpty)
            let tag = TerminalSpy(isTTY: true, width: width)
            TerminalTagFeedView(terminal: tag, json: true).showTags("ignored", feed: row)
            #expect(terminal.out == tag.out)
        }
    }

    @Test func hostileTitlesNeverReachTheJSON() {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            TerminalRenameFeedView(terminal: terminal, json: true).showRenamed(
                "ignored", feed: .fixture(1, title: "\u{1B}]52;c;cHduZWQ=\u{07}Clip\u{9D}x\u{9C}board\u{2066}\u{200E}", tags: ["\u{1B}[1mb"]))
            #expect(terminal.outLines == [
                #"{"feed":{"number":1,"title":"Clipboard","url":"https://planet.example.org/rss.xml","siteLink":null,"unread":3,"total":10,"lastRefreshed":"2026-11-22T09:55:00Z","lastError":null,"health":"ok","httpStatus":null,"consecutiveFailures":0,"nextCheck":null,"goneSince":null,"tags":["b"],"settings":{},"synced":false}}"#,
            ], "width \(width)")
            #expect(terminal.dangerousScalars.isEmpty)
        }
    }
}

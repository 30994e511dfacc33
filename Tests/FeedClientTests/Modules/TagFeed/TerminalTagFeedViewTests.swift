import Foundation
import Testing
@testable import FeedClient

struct TerminalTagFeedViewTests {
    @Test func theLineIsWrittenWholeAtEveryWidth() {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            TerminalTagFeedView(terminal: terminal, json: false).showTags(
                "中文博客：终端与工具的故事 🎉: linux, 新闻, a tag that is rather long", feed: .fixture(1))
            #expect(terminal.outLines == ["中文博客：终端与工具的故事 🎉: linux, 新闻, a tag that is rather long"], "width \(width)")
        }
    }

    @Test func hostileTitlesAndTagsNeverReachTheTerminal() {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            let view = TerminalTagFeedView(terminal: terminal, json: false)
            view.showTags("Evil\u{1B}]0;pwned\u{07} \u{9B}2JFeed\u{202E}: li\u{1B}[31mnux\u{85}x", feed: .fixture(1))
            view.showFailure(CommandFailure(message: "cannot tag 'x\u{1B}[2J': no feed"))
            #expect(terminal.outLines == ["Evil Feed: linux x"])
            #expect(terminal.errLines == ["tidings: cannot tag 'x': no feed"])
            #expect(terminal.dangerousScalars.isEmpty)
        }
    }

    // MARK: - JSON

    @Test func jsonIsTheFeedAfterTheChangeAtEveryWidth() throws {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width, usesColor: true)
            TerminalTagFeedView(terminal: terminal, json: true).showTags(
                "ignored", feed: .fixture(12, title: "中文博客：终端与工具的故事 🎉", tags: ["linux", "新闻", "tag with space"]))
            #expect(terminal.out == #"{"feed":{"number":12,"title":"中文博客：终端与工具的故事 🎉","url":"https://planet.example.org/rss.xml","siteLink":null,"unread":3,"total":10,"lastRefreshed":"2026-11-22T09:55:00Z","lastError":null,"health":"ok","httpStatus":null,"consecutiveFailures":0,"nextCheck":null,"goneSince":null,"tags":["linux","新闻","tag with space"],"settings":{},"synced":false}}"# + "\n", "width \(width)")
            #expect(terminal.err.isEmpty)
        }
        let terminal = TerminalSpy()
        TerminalTagFeedView(terminal: terminal, json: true).showTags("ignored", feed: .fixture(1))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(terminal.out.utf8)) as? [String: Any])
        #expect((object["feed"] as? [String: Any])?["tags"] as? [String] == [])
    }

    @Test func hostileTitlesAndTagsNeverReachTheJSON() {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            TerminalTagFeedView(terminal: terminal, json: true).showTags(
                "ignored",
                feed: .fixture(
                    1, title: "Evil\u{1B}]0;pwned\u{07} \u{9B}2JFeed\u{202E}", lastError: "time\u{1B}[5mout",
                    tags: ["li\u{1B}[31mnux", "x\u{85}y", "\u{2066}z\u{200F}"]))
            #expect(terminal.outLines == [
                #"{"feed":{"number":1,"title":"Evil Feed","url":"https://planet.example.org/rss.xml","siteLink":null,"unread":3,"total":10,"lastRefreshed":"2026-11-22T09:55:00Z","lastError":"timeout","health":"failing","httpStatus":null,"consecutiveFailures":1,"nextCheck":null,"goneSince":null,"tags":["linux","x y","z"],"settings":{},"synced":false}}"#,
            ], "width \(width)")
            #expect(terminal.dangerousScalars.isEmpty)
            #expect(!terminal.out.contains("\\u"))
        }
    }
}

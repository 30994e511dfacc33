import Foundation
import Testing
@testable import FeedClient

struct TerminalUnsubscribeViewTests {
    @Test func theLineIsWrittenWholeAtEveryWidth() {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            TerminalUnsubscribeView(terminal: terminal, json: false).showUnsubscribed(
                "Unsubscribed from \"中文博客：终端与工具的故事 🎉\" (12 items deleted)", feed: .fixture(3), deleted: 12, kept: 0)
            #expect(terminal.outLines == ["Unsubscribed from \"中文博客：终端与工具的故事 🎉\" (12 items deleted)"], "width \(width)")
            #expect(terminal.err.isEmpty)
        }
    }

    @Test func jsonIsTheFeedAsFeedsWroteItAndTheCounts() throws {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width, usesColor: true)
            TerminalUnsubscribeView(terminal: terminal, json: true).showUnsubscribed(
                "ignored", feed: .fixture(3, title: "中文博客 🎉", unread: 0, total: 12, tags: ["linux", "新闻"]), deleted: 10, kept: 2)
            #expect(terminal.out == #"{"feed":{"number":3,"title":"中文博客 🎉","url":"https://planet.example.org/rss.xml","siteLink":null,"unread":0,"total":12,"lastRefreshed":"2026-11-22T09:55:00Z","lastError":null,"health":"ok","httpStatus":null,"consecutiveFailures":0,"nextCheck":null,"goneSince":null,"tags":["linux","新闻"],"settings":{},"synced":false},"deleted":10,"keptStarred":2}"# + "\n", "width \(width)")
            #expect(terminal.err.isEmpty)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(terminal.out.utf8)) as? [String: Any])
            #expect(Set(object.keys) == ["feed", "deleted", "keptStarred"])
        }
    }

    @Test func hostileStringsNeverReachTheTerminal() {
        for json in [false, true] {
            for width in [40, 80, 160] {
                let terminal = TerminalSpy(isTTY: true, width: width)
                let view = TerminalUnsubscribeView(terminal: terminal, json: json)
                view.showUnsubscribed(
                    "Unsubscribed from \"\u{1B}]0;pwned\u{07}Evil\u{202E}\" (1 item deleted)",
                    feed: .fixture(1, title: "\u{1B}]0;pwned\u{07}Evil\u{202E}", goneSince: "2026-11-01T08:00:00Z", tags: ["\u{9B}2Jx"]),
                    deleted: 1, kept: 0)
                view.showFailure(CommandFailure(message: "cannot unsubscribe from 'a\u{1B}[K': no feed"))
                #expect(terminal.outLines == [json
                    ? #"{"feed":{"number":1,"title":"Evil","url":"https://planet.example.org/rss.xml","siteLink":null,"unread":3,"total":10,"lastRefreshed":"2026-11-22T09:55:00Z","lastError":null,"health":"gone","httpStatus":410,"consecutiveFailures":0,"nextCheck":null,"goneSince":"2026-11-01T08:00:00Z","tags":["x"],"settings":{},"synced":false},"deleted":1,"keptStarred":0}"#
                    : "Unsubscribed from \"Evil\" (1 item deleted)"], "\(json) \(width)")
                #expect(terminal.errLines == ["tidings: cannot unsubscribe from 'a': no feed"])
                #expect(terminal.dangerousScalars.isEmpty)
            }
        }
    }
}

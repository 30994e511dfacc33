import Foundation
import Testing
@testable import FeedClient

struct TerminalSubscribeViewTests {
    static let rows = [
        FeedCandidateRow.fixture(1, title: "Posts", url: "https://example.org/feed.xml"),
        FeedCandidateRow.fixture(2, title: "Comments on every post, in full", url: "https://example.org/comments/feed.xml"),
        FeedCandidateRow.fixture(3, title: "中文文章 🎧", url: "https://example.org/zh.xml"),
    ]

    @Test func candidatesOnANarrowTerminalCutTitlesNeverURLs() {
        let terminal = TerminalSpy(isTTY: true, width: 40)
        TerminalSubscribeView(terminal: terminal, json: false).showCandidates(Self.rows, offeredBy: "https://example.org/")
        #expect(terminal.outLines == [
            "https://example.org/ offers 3 feeds:",
            "  1  Posts       https://example.org/feed.xml",
            "  2  Comments …  https://example.org/comments/feed.xml",
            "  3  中文文章 …  https://example.org/zh.xml",
            "Subscribe to one with: tidings subscribe URL",
        ])
        #expect(terminal.err.isEmpty)
    }

    @Test func candidatesOnWideTerminalsShowWholeTitles() {
        for width in [80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            TerminalSubscribeView(terminal: terminal, json: false).showCandidates(Self.rows, offeredBy: "https://example.org/")
            #expect(terminal.outLines == [
                "https://example.org/ offers 3 feeds:",
                "  1  Posts                            https://example.org/feed.xml",
                "  2  Comments on every post, in full  https://example.org/comments/feed.xml",
                "  3  中文文章 🎧                      https://example.org/zh.xml",
                "Subscribe to one with: tidings subscribe URL",
            ], "width \(width)")
        }
    }

    @Test func hostileCandidatesNeverReachTheTerminal() {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            TerminalSubscribeView(terminal: terminal, json: false).showCandidates([
                .fixture(1, title: "\u{1B}]0;pwned\u{07}Posts\u{202E}", url: "https://e.example/\u{1B}[2Jfeed"),
            ], offeredBy: "https://e.example/\u{9B}2J\u{200F}")
            #expect(terminal.outLines == [
                "https://e.example/ offers 1 feed:",
                "  1  Posts  https://e.example/feed",
                "Subscribe to one with: tidings subscribe URL",
            ], "width \(width)")
            #expect(terminal.dangerousScalars.isEmpty)
        }
    }

    @Test func confirmationsAndFailuresAreSanitisedLines() {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            let view = TerminalSubscribeView(terminal: terminal, json: false)
            view.showSubscribed("Subscribed to \"中文博客 🎉\u{1B}[1m\" (3 items), tagged linux, 新闻", feed: .fixture(1), itemsStored: 3)
            view.showFailure(CommandFailure(message: "cannot subscribe to https://x/: HTTP 404\u{1B}[2J"))
            #expect(terminal.outLines == ["Subscribed to \"中文博客 🎉\" (3 items), tagged linux, 新闻"])
            #expect(terminal.errLines == ["tidings: cannot subscribe to https://x/: HTTP 404"])
            #expect(terminal.dangerousScalars.isEmpty)
        }
    }

    // MARK: - JSON

    @Test func jsonIsTheFeedAsFeedsWritesItAndTheItemsStoredAtEveryWidth() throws {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width, usesColor: true)
            TerminalSubscribeView(terminal: terminal, json: true).showSubscribed(
                "Subscribed to \"中文博客 🎉\" (3 items)", feed: .fixture(4, title: "中文博客 🎉", unread: 3, total: 3, tags: ["新闻"]),
                itemsStored: 3)
            #expect(terminal.out == #"{"feed":{"number":4,"title":"中文博客 🎉","url":"https://planet.example.org/rss.xml","siteLink":null,"unread":3,"total":3,"lastRefreshed":"2026-11-22T09:55:00Z","lastError":null,"health":"ok","httpStatus":null,"consecutiveFailures":0,"nextCheck":null,"goneSince":null,"tags":["新闻"],"settings":{},"synced":false},"items":3}"# + "\n", "width \(width)")
            #expect(terminal.err.isEmpty)
        }
        let terminal = TerminalSpy()
        TerminalSubscribeView(terminal: terminal, json: true).showSubscribed("x", feed: .fixture(1), itemsStored: 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(terminal.out.utf8)) as? [String: Any])
        let feed = try #require(object["feed"] as? [String: Any])
        #expect(Set(feed.keys) == Set(Self.feedKeys))
        #expect(object["items"] as? Int == 0)
    }

    @Test func jsonCandidatesGiveThePagesOwnTitleOrNull() {
        let terminal = TerminalSpy(isTTY: true, width: 40)
        TerminalSubscribeView(terminal: terminal, json: true).showCandidates([
            .fixture(1, title: "中文文章 🎧", url: "https://example.org/zh.xml"),
            FeedCandidateRow(number: 2, title: "(Atom)", url: "https://example.org/atom.xml", givenTitle: nil, type: "application/atom+xml"),
        ], offeredBy: "https://example.org/")
        #expect(terminal.out == #"{"candidates":[{"url":"https://example.org/zh.xml","title":"中文文章 🎧","type":"application/rss+xml"},{"url":"https://example.org/atom.xml","title":null,"type":"application/atom+xml"}]}"# + "\n")
        #expect(terminal.err.isEmpty)
    }

    @Test func hostileStringsNeverReachTheJSON() {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            let view = TerminalSubscribeView(terminal: terminal, json: true)
            view.showSubscribed(
                "ignored", feed: .fixture(1, title: "\u{1B}]0;pwned\u{07}Evil\u{202E}\u{85}Feed", lastError: "HTTP\u{9B}2J 500",
                                         tags: ["a\u{1B}[2Jb"]),
                itemsStored: 1)
            view.showCandidates([
                FeedCandidateRow(
                    number: 1, title: "Posts", url: "https://e.example/\u{1B}[2Jfeed", givenTitle: "\u{1B}]52;c;eA==\u{07}Posts\u{2066}",
                    type: "application/rss+xml\u{07}"),
            ], offeredBy: "https://e.example/")
            #expect(terminal.outLines == [
                #"{"feed":{"number":1,"title":"Evil Feed","url":"https://planet.example.org/rss.xml","siteLink":null,"unread":3,"total":10,"lastRefreshed":"2026-11-22T09:55:00Z","lastError":"HTTP 500","health":"failing","httpStatus":null,"consecutiveFailures":1,"nextCheck":null,"goneSince":null,"tags":["ab"],"settings":{},"synced":false},"items":1}"#,
                #"{"candidates":[{"url":"https://e.example/feed","title":"Posts","type":"application/rss+xml"}]}"#,
            ], "width \(width)")
            #expect(terminal.dangerousScalars.isEmpty)
            #expect(!terminal.out.contains("\\u"))
        }
    }

    static let feedKeys = [
        "number", "title", "url", "siteLink", "unread", "total", "lastRefreshed", "lastError", "health", "httpStatus",
        "consecutiveFailures", "nextCheck", "goneSince", "tags", "settings", "synced",
    ]
}

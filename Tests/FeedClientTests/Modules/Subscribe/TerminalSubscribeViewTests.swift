import Testing
@testable import FeedClient

struct TerminalSubscribeViewTests {
    static let rows = [
        FeedCandidateRow(number: 1, title: "Posts", url: "https://example.org/feed.xml"),
        FeedCandidateRow(number: 2, title: "Comments on every post, in full", url: "https://example.org/comments/feed.xml"),
        FeedCandidateRow(number: 3, title: "中文文章 🎧", url: "https://example.org/zh.xml"),
    ]

    @Test func candidatesOnANarrowTerminalCutTitlesNeverURLs() {
        let terminal = TerminalSpy(isTTY: true, width: 40)
        TerminalSubscribeView(terminal: terminal).showCandidates(Self.rows, offeredBy: "https://example.org/")
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
            TerminalSubscribeView(terminal: terminal).showCandidates(Self.rows, offeredBy: "https://example.org/")
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
            TerminalSubscribeView(terminal: terminal).showCandidates([
                FeedCandidateRow(number: 1, title: "\u{1B}]0;pwned\u{07}Posts\u{202E}", url: "https://e.example/\u{1B}[2Jfeed"),
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
            let view = TerminalSubscribeView(terminal: terminal)
            view.showSubscribed("Subscribed to \"中文博客 🎉\u{1B}[1m\" (3 items), tagged linux, 新闻")
            view.showFailure(CommandFailure(message: "cannot subscribe to https://x/: HTTP 404\u{1B}[2J"))
            #expect(terminal.outLines == ["Subscribed to \"中文博客 🎉\" (3 items), tagged linux, 新闻"])
            #expect(terminal.errLines == ["tidings: cannot subscribe to https://x/: HTTP 404"])
            #expect(terminal.dangerousScalars.isEmpty)
        }
    }
}

import FeedEntities
import Foundation
import Testing
@testable import FeedClient

struct TerminalRefreshFeedsViewTests {
    let report = RefreshReport(
        lines: ["Planet: 2 new items", "Broken: error: HTTP 500"], summary: "Refreshed 3 feeds: 2 new items, 1 error",
        outcomes: [
            RefreshOutcomeRow(
                feedNumber: 1, title: "Planet", url: "https://p/rss", newItems: 2, error: nil, notModified: false, movedTo: nil,
                gone: false),
            RefreshOutcomeRow(
                feedNumber: 2, title: "Quiet", url: "https://q/rss", newItems: 0, error: nil, notModified: true, movedTo: nil,
                gone: false),
            RefreshOutcomeRow(
                feedNumber: 3, title: "Broken", url: "https://b/rss", newItems: 0, error: "HTTP 500", notModified: false,
                movedTo: nil, gone: false),
        ],
        newItems: 2, unchanged: 1, errors: 1)

    @Test func onATerminalOneLineIsRedrawnThenErasedBeforeTheReport() {
        let terminal = TerminalSpy(isTTY: true, width: 60)
        let view = TerminalRefreshFeedsView(terminal: terminal, json: false)
        view.showProgress(RefreshProgressReport(done: 0, total: 3, errors: 0, feedTitle: nil, lines: []))
        view.showProgress(RefreshProgressReport(done: 2, total: 3, errors: 1, feedTitle: "Broken \u{1B}[31m", lines: ["Broken: error: HTTP 500"]))
        view.showReport(report)

        let erase = TerminalRefreshFeedsView.eraseLine
        #expect(terminal.out == erase + "Refreshing 0/3 [                    ]"
            + erase + "Refreshing 2/3 [#############       ] 1 error  Broken"
            + erase + "Planet: 2 new items\nBroken: error: HTTP 500\nRefreshed 3 feeds: 2 new items, 1 error\n")
        // The only escapes are the view's own line erasures: the feed's never reach the terminal.
        #expect(terminal.out.unicodeScalars.filter { $0 == "\u{1B}" }.count == 3)
    }

    @Test func theBarNeverWrapsANarrowTerminal() {
        let terminal = TerminalSpy(isTTY: true, width: 30)
        let line = TerminalRefreshFeedsView(terminal: terminal, json: false).bar(
            RefreshProgressReport(done: 1, total: 500, errors: 12, feedTitle: "A very long feed title indeed", lines: []))
        #expect(DisplayWidth.of(line) <= 29)
    }

    @Test func pipedEveryFeedGetsALineAndTheReportOnlyItsSummary() {
        let terminal = TerminalSpy(isTTY: false)
        let view = TerminalRefreshFeedsView(terminal: terminal, json: false)
        view.showProgress(RefreshProgressReport(done: 0, total: 3, errors: 0, feedTitle: nil, lines: []))
        view.showProgress(RefreshProgressReport(done: 1, total: 3, errors: 0, feedTitle: "Planet", lines: ["Planet: 2 new items"]))
        view.showProgress(RefreshProgressReport(done: 2, total: 3, errors: 0, feedTitle: "Quiet", lines: ["Quiet: unchanged"]))
        view.showProgress(RefreshProgressReport(done: 3, total: 3, errors: 1, feedTitle: "Broken", lines: ["Broken: error: HTTP 500"]))
        view.showReport(report)
        #expect(terminal.outLines == [
            "Planet: 2 new items", "Quiet: unchanged", "Broken: error: HTTP 500", "Refreshed 3 feeds: 2 new items, 1 error",
        ])
    }

    @Test func withoutProgressTheReportIsWhole() {
        let terminal = TerminalSpy(isTTY: false)
        TerminalRefreshFeedsView(terminal: terminal, json: false).showReport(report)
        #expect(terminal.outLines == ["Planet: 2 new items", "Broken: error: HTTP 500", "Refreshed 3 feeds: 2 new items, 1 error"])
    }

    // MARK: - JSON

    static let reportJSON = #"{"outcomes":[{"feedNumber":1,"title":"Planet","url":"https://p/rss","newItems":2,"error":null,"notModified":false,"movedTo":null,"gone":false},{"feedNumber":2,"title":"Quiet","url":"https://q/rss","newItems":0,"error":null,"notModified":true,"movedTo":null,"gone":false},{"feedNumber":3,"title":"Broken","url":"https://b/rss","newItems":0,"error":"HTTP 500","notModified":false,"movedTo":null,"gone":false}],"feeds":3,"newItems":2,"unchanged":1,"errors":1}"#

    @Test func jsonShowsNoProgressAndOneDocumentAtTheEnd() throws {
        for isTTY in [true, false] {
            for width in [40, 80, 160] {
                let terminal = TerminalSpy(isTTY: isTTY, width: width, usesColor: isTTY)
                let view = TerminalRefreshFeedsView(terminal: terminal, json: true)
                view.showProgress(RefreshProgressReport(done: 0, total: 3, errors: 0, feedTitle: nil, lines: []))
                view.showProgress(RefreshProgressReport(done: 1, total: 3, errors: 0, feedTitle: "Planet", lines: ["Planet: 2 new items"]))
                #expect(terminal.out.isEmpty)
                view.showReport(report)
                #expect(terminal.out == Self.reportJSON + "\n", "\(isTTY) \(width)")
                #expect(terminal.err.isEmpty)
            }
        }
        let terminal = TerminalSpy()
        TerminalRefreshFeedsView(terminal: terminal, json: true).showReport(report)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(terminal.out.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["outcomes", "feeds", "newItems", "unchanged", "errors"])
        let outcome = try #require((object["outcomes"] as? [[String: Any]])?.first)
        #expect(Set(outcome.keys) == ["feedNumber", "title", "url", "newItems", "error", "notModified", "movedTo", "gone"])
    }

    @Test func jsonWithNothingToRefreshIsAnEmptyDocument() {
        let terminal = TerminalSpy()
        TerminalRefreshFeedsView(terminal: terminal, json: true).showReport(RefreshFeedsPresenter.report(for: []))
        #expect(terminal.out == #"{"outcomes":[],"feeds":0,"newItems":0,"unchanged":0,"errors":0}"# + "\n")
        #expect(terminal.err.isEmpty)
    }

    @Test func jsonKeepsWideTitlesAndMovedAndGoneFeeds() {
        let terminal = TerminalSpy(isTTY: true, width: 40)
        TerminalRefreshFeedsView(terminal: terminal, json: true).showReport(RefreshFeedsPresenter.report(for: [
            RefreshOutcome(feedID: 4, title: "中文博客：终端与工具的故事 🎉", url: "https://new/rss", newItems: 3, movedTo: "https://new/rss"),
            RefreshOutcome(feedID: 5, title: "Old", url: "https://o/rss", newItems: 0, error: "HTTP 410 Gone", isGone: true),
        ]))
        #expect(terminal.outLines == [
            #"{"outcomes":[{"feedNumber":4,"title":"中文博客：终端与工具的故事 🎉","url":"https://new/rss","newItems":3,"error":null,"notModified":false,"movedTo":"https://new/rss","gone":false},{"feedNumber":5,"title":"Old","url":"https://o/rss","newItems":0,"error":"HTTP 410 Gone","notModified":false,"movedTo":null,"gone":true}],"feeds":2,"newItems":3,"unchanged":0,"errors":0}"#,
        ])
    }

    @Test func hostileStringsNeverReachTheJSON() {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            TerminalRefreshFeedsView(terminal: terminal, json: true).showReport(RefreshFeedsPresenter.report(for: [
                RefreshOutcome(
                    feedID: 1, title: "\u{1B}]0;pwned\u{07}Evil\u{202E}\u{85}Feed", url: "https://e/\u{1B}[2Jrss", newItems: 0,
                    error: "HTTP\u{9B}2J 500\u{07}", movedTo: "https://x/\u{2066}rss\u{200F}"),
            ]))
            #expect(terminal.outLines == [
                #"{"outcomes":[{"feedNumber":1,"title":"Evil Feed","url":"https://e/rss","newItems":0,"error":"HTTP 500","notModified":false,"movedTo":"https://x/rss","gone":false}],"feeds":1,"newItems":0,"unchanged":0,"errors":1}"#,
            ], "width \(width)")
            #expect(terminal.dangerousScalars.isEmpty)
            #expect(!terminal.out.contains("\\u"))
        }
    }
}

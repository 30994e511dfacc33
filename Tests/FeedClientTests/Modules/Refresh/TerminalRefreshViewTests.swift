import Testing
@testable import FeedClient

struct TerminalRefreshViewTests {
    let report = RefreshReport(lines: ["Planet: 2 new items", "Broken: error: HTTP 500"], summary: "Refreshed 3 feeds: 2 new items, 1 error")

    @Test func onATerminalOneLineIsRedrawnThenErasedBeforeTheReport() {
        let terminal = TerminalSpy(isTTY: true, width: 60)
        let view = TerminalRefreshView(terminal: terminal)
        view.showProgress(RefreshProgressReport(done: 0, total: 3, errors: 0, feedTitle: nil, lines: []))
        view.showProgress(RefreshProgressReport(done: 2, total: 3, errors: 1, feedTitle: "Broken \u{1B}[31m", lines: ["Broken: error: HTTP 500"]))
        view.showReport(report)

        let erase = TerminalRefreshView.eraseLine
        #expect(terminal.out == erase + "Refreshing 0/3 [                    ]"
            + erase + "Refreshing 2/3 [#############       ] 1 error  Broken"
            + erase + "Planet: 2 new items\nBroken: error: HTTP 500\nRefreshed 3 feeds: 2 new items, 1 error\n")
        // The only escapes are the view's own line erasures: the feed's never reach the terminal.
        #expect(terminal.out.unicodeScalars.filter { $0 == "\u{1B}" }.count == 3)
    }

    @Test func theBarNeverWrapsANarrowTerminal() {
        let terminal = TerminalSpy(isTTY: true, width: 30)
        let line = TerminalRefreshView(terminal: terminal).bar(
            RefreshProgressReport(done: 1, total: 500, errors: 12, feedTitle: "A very long feed title indeed", lines: []))
        #expect(DisplayWidth.of(line) <= 29)
    }

    @Test func pipedEveryFeedGetsALineAndTheReportOnlyItsSummary() {
        let terminal = TerminalSpy(isTTY: false)
        let view = TerminalRefreshView(terminal: terminal)
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
        TerminalRefreshView(terminal: terminal).showReport(report)
        #expect(terminal.outLines == ["Planet: 2 new items", "Broken: error: HTTP 500", "Refreshed 3 feeds: 2 new items, 1 error"])
    }
}

import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct RefreshRouterTests {
    @Test func printsTheReportWithSanitisedTitles() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.Refresh.self, .init(outcomes: [
            RefreshOutcome(feedID: 1, title: "Evil \u{1B}[31mRed\u{1B}[0m", url: "u", newItems: 1),
            RefreshOutcome(feedID: 2, title: "Fine", url: "v", newItems: 0),
        ]))
        let status = await RefreshRouter.assemble(selectors: [], dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.terminal.out == "Evil Red: 1 new item\nRefreshed 2 feeds: 1 new item\n")
        #expect(test.terminal.dangerousScalars.isEmpty)
    }
}

import FeedEntities
import FeedIPC
import Foundation
import Testing
@testable import FeedClient

struct RefreshFeedsRouterTests {
    @Test func printsTheReportWithSanitisedTitles() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.Refresh.self, .init(outcomes: [
            RefreshOutcome(feedID: 1, title: "Evil \u{1B}[31mRed\u{1B}[0m", url: "u", newItems: 1),
            RefreshOutcome(feedID: 2, title: "Fine", url: "v", newItems: 0),
        ]))
        let status = await RefreshFeedsRouter.assemble(selectors: [], json: false, dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.terminal.out == "Evil Red: 1 new item\nRefreshed 2 feeds: 1 new item\n")
        #expect(test.terminal.dangerousScalars.isEmpty)
    }

    @Test func jsonPrintsOneDocumentAndNoProgress() async {
        let test = ModuleTestDependencies(isTTY: true)
        test.daemon.stub(RPC.Refresh.self, .init(outcomes: [
            RefreshOutcome(feedID: 1, title: "Evil \u{1B}[31mRed\u{1B}[0m", url: "https://e/rss", newItems: 1),
            RefreshOutcome(feedID: 2, title: "Fine", url: "https://f/rss", newItems: 0, notModified: true),
        ]))
        test.daemon.notificationLines[RPC.Refresh.name] = [
            #"{"jsonrpc":"2.0","method":"refresh.progress","params":{"done":0,"total":2,"errors":0}}"#,
            #"{"jsonrpc":"2.0","method":"refresh.progress","params":{"done":1,"total":2,"errors":0,"outcome":{"feedID":2,"title":"Fine","url":"https://f/rss","newItems":0,"notModified":true}}}"#,
        ].map { Data($0.utf8) }
        let status = await RefreshFeedsRouter.assemble(selectors: ["1", "2"], json: true, dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.terminal.out == #"{"outcomes":[{"feedNumber":1,"title":"Evil Red","url":"https://e/rss","newItems":1,"error":null,"notModified":false,"movedTo":null,"gone":false},{"feedNumber":2,"title":"Fine","url":"https://f/rss","newItems":0,"error":null,"notModified":true,"movedTo":null,"gone":false}],"feeds":2,"newItems":1,"unchanged":1,"errors":0}"# + "\n")
        #expect(test.terminal.err.isEmpty)
        #expect(test.daemon.params(of: RPC.Refresh.self) == [.init(feeds: ["1", "2"])])
    }

    @Test func jsonFailuresAreOneLineOnStderr() async {
        let test = ModuleTestDependencies()
        test.daemon.fail(RPC.Refresh.self, with: RPCError(.notFound, "no feed matches 'x'"))
        #expect(await RefreshFeedsRouter.assemble(selectors: ["x"], json: true, dependencies: test.dependencies).run() == .failure)
        #expect(test.terminal.out.isEmpty)
        #expect(test.terminal.err == "tidings: cannot refresh: no feed matches 'x'\n")
    }

    @Test func theModuleEndsWithThePresentersStatus() async {
        let test = ModuleTestDependencies()
        test.daemon.failure = DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)
        #expect(await RefreshFeedsRouter.assemble(selectors: [], json: false, dependencies: test.dependencies).run() == .daemonUnreachable)
    }
}

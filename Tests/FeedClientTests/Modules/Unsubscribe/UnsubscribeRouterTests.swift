import FeedIPC
import Testing
@testable import FeedClient

struct UnsubscribeRouterTests {
    @Test func assemblesAWorkingModule() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.Unsubscribe.self, .init(feed: Fixtures.feed(5, title: "Gone", items: 1), deletedItems: 1, keptItems: 0))
        let status = await UnsubscribeRouter.assemble(selectors: ["5"], json: false, dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.terminal.out == "Unsubscribed from \"Gone\" (1 item deleted)\n")
    }

    @Test func jsonPrintsTheFeedAsItWasAndTheCounts() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(
            RPC.Unsubscribe.self, .init(feed: Fixtures.feed(5, title: "Gone \u{202E}", items: 20, unread: 3), deletedItems: 18, keptItems: 2))
        let status = await UnsubscribeRouter.assemble(selectors: ["5"], deleteStarred: false, json: true, dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.terminal.out == #"{"feed":{"number":5,"title":"Gone","url":"https://planet.example.org/rss.xml","siteLink":"https://planet.example.org/","unread":3,"total":20,"lastRefreshed":"2026-11-22T10:00:00Z","lastError":null,"health":"ok","httpStatus":null,"consecutiveFailures":0,"nextCheck":null,"goneSince":null,"tags":[],"settings":{},"synced":false},"deleted":18,"keptStarred":2}"# + "\n")
        #expect(test.terminal.err.isEmpty)
    }

    @Test func deleteStarredReachesTheDaemon() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.Unsubscribe.self, .init(feed: Fixtures.feed(5, title: "Gone", items: 3), deletedItems: 3, keptItems: 0))
        _ = await UnsubscribeRouter.assemble(selectors: ["5"], deleteStarred: true, json: false, dependencies: test.dependencies).run()
        #expect(test.daemon.params(of: RPC.Unsubscribe.self) == [.init(feed: "5", deleteStarred: true)])
    }

    @Test func anUnknownFeedFails() async {
        for json in [false, true] {
            let test = ModuleTestDependencies()
            test.daemon.fail(RPC.Unsubscribe.self, with: RPCError(.notFound, "no feed matches 'zzz'"))
            let status = await UnsubscribeRouter.assemble(selectors: ["zzz"], json: json, dependencies: test.dependencies).run()
            #expect(status == .failure)
            #expect(test.terminal.out.isEmpty)
            #expect(test.terminal.err == "tidings: cannot unsubscribe from 'zzz': no feed matches 'zzz'\n")
        }
    }

    @Test func theModuleEndsWithTheStatusThePresenterReturns() async {
        let test = ModuleTestDependencies()
        test.daemon.failure = DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)
        #expect(await UnsubscribeRouter.assemble(selectors: ["5"], json: false, dependencies: test.dependencies).run() == .daemonUnreachable)
    }
}

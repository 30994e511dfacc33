import FeedIPC
import Testing
@testable import FeedClient

struct RenameFeedRouterTests {
    @Test func assemblesAModuleThatConfirmsOnStdout() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.RenameFeed.self, .init(feed: Fixtures.feed(3, title: "Mein \u{1B}[31mBlog")))
        let status = await RenameFeedRouter.assemble(selector: "3", title: "Mein Blog", json: false, dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.terminal.out == "Renamed feed 3 to \"Mein Blog\"\n")
        #expect(test.daemon.params(of: RPC.RenameFeed.self) == [.init(feed: "3", title: "Mein Blog")])
    }

    @Test func anUnreachableDaemonExitsWithThree() async {
        let test = ModuleTestDependencies()
        test.daemon.failure = DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)
        #expect(await RenameFeedRouter.assemble(selector: "3", title: nil, json: true, dependencies: test.dependencies).run() == .daemonUnreachable)
        #expect(test.terminal.errLines.count == 1)
    }

    @Test func jsonPrintsTheFeedAfterTheChange() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.RenameFeed.self, .init(feed: Fixtures.feed(3, title: "Mein \u{1B}[31mBlog")))
        let status = await RenameFeedRouter.assemble(selector: "3", title: "Mein Blog", json: true, dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.terminal.out == #"{"feed":{"number":3,"title":"Mein Blog","url":"https://planet.example.org/rss.xml","siteLink":"https://planet.example.org/","unread":3,"total":10,"lastRefreshed":"2026-11-22T10:00:00Z","lastError":null,"health":"ok","httpStatus":null,"consecutiveFailures":0,"nextCheck":null,"goneSince":null,"tags":[],"settings":{},"synced":false}}"# + "\n")
        #expect(test.terminal.err.isEmpty)
    }

    @Test func theModuleEndsWithThePresentersStatus() async {
        let test = ModuleTestDependencies()
        test.daemon.failure = DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)
        #expect(await RenameFeedRouter.assemble(selector: "3", title: "Mein Blog", json: false, dependencies: test.dependencies).run() == .daemonUnreachable)
    }
}

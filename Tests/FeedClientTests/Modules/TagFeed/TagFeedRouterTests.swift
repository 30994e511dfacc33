import FeedIPC
import Testing
@testable import FeedClient

struct TagFeedRouterTests {
    @Test func assemblesAModuleThatPrintsTheTags() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.TagFeed.self, .init(feed: Fixtures.taggedFeed(3, tags: ["linux", "news"])))
        let status = await TagFeedRouter.assemble(
            selector: "3", changes: try! TagChanges(arguments: ["+news", "-old"]), json: false, dependencies: test.dependencies
        ).run()
        #expect(status == .success)
        #expect(test.daemon.params(of: RPC.TagFeed.self) == [.init(feed: "3", add: ["news"], remove: ["old"])])
        #expect(test.terminal.out == "Planet Terminal: linux, news\n")
    }

    @Test func aFailureIsOneLineOnStderr() async {
        let test = ModuleTestDependencies()
        test.daemon.fail(RPC.TagFeed.self, with: RPCError(.invalidParams, "'a,b' is not a valid tag"))
        let status = await TagFeedRouter.assemble(
            selector: "3", changes: TagChanges(add: ["a,b"]), json: true, dependencies: test.dependencies
        ).run()
        #expect(status == .failure)
        #expect(test.terminal.out.isEmpty)
        #expect(test.terminal.err == "tidings: cannot tag '3': 'a,b' is not a valid tag\n")
    }

    @Test func jsonPrintsTheFeedAfterTheChange() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.TagFeed.self, .init(feed: Fixtures.taggedFeed(3, tags: ["linux", "news\u{1B}[2J"])))
        let status = await TagFeedRouter.assemble(
            selector: "3", changes: TagChanges(add: ["news"]), json: true, dependencies: test.dependencies
        ).run()
        #expect(status == .success)
        #expect(test.terminal.out == #"{"feed":{"number":3,"title":"Planet Terminal","url":"https://planet.example.org/rss.xml","siteLink":"https://planet.example.org/","unread":3,"total":10,"lastRefreshed":"2026-11-22T10:00:00Z","lastError":null,"health":"ok","httpStatus":null,"consecutiveFailures":0,"nextCheck":null,"goneSince":null,"tags":["linux","news"],"settings":{},"synced":false}}"# + "\n")
        #expect(test.terminal.err.isEmpty)
    }

    @Test func theModuleEndsWithTheStatusThePresenterReturns() async {
        let test = ModuleTestDependencies()
        test.daemon.failure = DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)
        let status = await TagFeedRouter.assemble(
            selector: "3", changes: TagChanges(add: ["news"]), json: false, dependencies: test.dependencies
        ).run()
        #expect(status == .daemonUnreachable)
    }
}

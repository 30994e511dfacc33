import FeedIPC
import Testing
@testable import FeedClient

struct ChangeFeedSettingsRouterTests {
    @Test func assemblesAModuleThatListsTheSettingsOnStdout() async throws {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.FeedSettingsMethod.self, .init(feed: try Fixtures.feed(3, settings: ["interval=2h", "header=Authorization: Bearer s3cret"])))
        let status = await ChangeFeedSettingsRouter.assemble(
            selector: "3", change: FeedSettingsChange(set: ["interval=2h"]), json: false, dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.terminal.out == "interval = 2h\nheader = Authorization: (hidden)\n")
        #expect(test.daemon.params(of: RPC.FeedSettingsMethod.self) == [.init(feed: "3", set: ["interval=2h"])])
    }

    @Test func jsonPrintsTheFeedWithItsSettings() async throws {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.FeedSettingsMethod.self, .init(feed: try Fixtures.feed(3, settings: ["timeout=30s", "cookie=c00kie"])))
        let status = await ChangeFeedSettingsRouter.assemble(selector: "3", change: FeedSettingsChange(), json: true, dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.terminal.out == #"{"feed":{"number":3,"title":"Planet Terminal","url":"https://planet.example.org/rss.xml","siteLink":"https://planet.example.org/","unread":3,"total":10,"lastRefreshed":"2026-11-22T10:00:00Z","lastError":null,"health":"ok","httpStatus":null,"consecutiveFailures":0,"nextCheck":null,"goneSince":null,"tags":[],"settings":{"cookie":"(hidden)","timeout":30},"synced":false}}"# + "\n")
        #expect(test.terminal.err.isEmpty)
    }

    @Test func anUnreachableDaemonExitsWithThree() async {
        let test = ModuleTestDependencies()
        test.daemon.failure = DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)
        #expect(await ChangeFeedSettingsRouter.assemble(selector: "3", change: FeedSettingsChange(), json: false, dependencies: test.dependencies).run() == .daemonUnreachable)
        #expect(test.terminal.errLines.count == 1)
    }
}

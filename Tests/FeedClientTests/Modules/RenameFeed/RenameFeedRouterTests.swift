import FeedIPC
import Testing
@testable import FeedClient

struct RenameFeedRouterTests {
    @Test func assemblesAModuleThatConfirmsOnStdout() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.RenameFeed.self, .init(feed: Fixtures.feed(3, title: "Mein \u{1B}[31mBlog")))
        let status = await RenameFeedRouter.assemble(selector: "3", title: "Mein Blog", dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.terminal.out == "Renamed feed 3 to \"Mein Blog\"\n")
        #expect(test.daemon.params(of: RPC.RenameFeed.self) == [.init(feed: "3", title: "Mein Blog")])
    }

    @Test func anUnreachableDaemonExitsWithThree() async {
        let test = ModuleTestDependencies()
        test.daemon.failure = DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)
        #expect(await RenameFeedRouter.assemble(selector: "3", title: nil, dependencies: test.dependencies).run() == .daemonUnreachable)
        #expect(test.terminal.errLines.count == 1)
    }

    @Test func navigatingToExitRecordsTheStatus() {
        let router = RenameFeedRouter()
        router.navigate(to: .exit(.success))
        #expect(router.exitStatus == .success)
    }
}

import FeedIPC
import Testing
@testable import FeedClient

struct SubscribeRouterTests {
    @Test func assemblesAModuleThatPrintsToTheTerminal() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.Subscribe.self, .init(feed: Fixtures.feed(1, title: "Evil \u{1B}[31mRed\u{1B}[0m \u{202E}Feed"), itemCount: 2))
        let status = await SubscribeRouter.assemble(url: "https://x/", dependencies: test.dependencies).run()
        #expect(status == .success)
        #expect(test.terminal.out == "Subscribed to \"Evil Red Feed\" (2 items)\n")
        #expect(test.terminal.dangerousScalars.isEmpty)
    }

    @Test func aFailureIsOneLineOnStderr() async {
        let test = ModuleTestDependencies()
        test.daemon.fail(RPC.Subscribe.self, with: RPCError(.fetchFailed, "HTTP 404 Not Found"))
        let status = await SubscribeRouter.assemble(url: "http://h/missing.xml", dependencies: test.dependencies).run()
        #expect(status == .failure)
        #expect(test.terminal.out.isEmpty)
        #expect(test.terminal.err == "tidings: cannot subscribe to http://h/missing.xml: HTTP 404 Not Found\n")
    }

    @Test func navigatingToExitRecordsTheStatus() {
        let router = SubscribeRouter()
        router.navigate(to: .exit(.daemonUnreachable))
        #expect(router.exitStatus == .daemonUnreachable)
    }
}

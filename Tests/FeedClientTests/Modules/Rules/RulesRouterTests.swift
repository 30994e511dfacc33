import FeedIPC
import Testing
@testable import FeedClient

struct RulesRouterTests {
    @Test func listAndTestReachTheDaemon() async {
        let list = ModuleTestDependencies(isTTY: false)
        list.daemon.stub(RPC.ListRules.self, .init(rules: RulesFixtures.summaries))
        #expect(await RulesRouter.assemble(.list, json: false, dependencies: list.dependencies).run() == .success)
        #expect(list.terminal.outLines.count == 2)

        let test = ModuleTestDependencies(isTTY: true)
        test.daemon.stub(RPC.TestRule.self, RulesFixtures.testResult)
        #expect(await RulesRouter.assemble(.test(name: "no-sponsored"), json: true, dependencies: test.dependencies).run() == .success)
        #expect(test.terminal.out.hasPrefix(#"{"rule":{"name":"no-sponsored","#))
    }

    @Test func anUnreachableDaemonExitsWithThree() async {
        let test = ModuleTestDependencies()
        test.daemon.failure = DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)
        #expect(await RulesRouter.assemble(.list, json: false, dependencies: test.dependencies).run() == .daemonUnreachable)
        #expect(test.terminal.errLines.count == 1)
    }
}

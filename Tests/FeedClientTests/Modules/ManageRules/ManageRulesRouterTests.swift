import FeedIPC
import Testing
@testable import FeedClient

struct ManageRulesRouterTests {
    @Test func listAndTestReachTheDaemon() async {
        let list = ModuleTestDependencies(isTTY: false)
        list.daemon.stub(RPC.ListRules.self, .init(rules: ManageRulesFixtures.summaries))
        #expect(await ManageRulesRouter.assemble(.list, json: false, dependencies: list.dependencies).run() == .success)
        #expect(list.terminal.outLines.count == 2)

        let test = ModuleTestDependencies(isTTY: true)
        test.daemon.stub(RPC.TestRule.self, ManageRulesFixtures.testResult)
        #expect(await ManageRulesRouter.assemble(.test(name: "no-sponsored"), json: true, dependencies: test.dependencies).run() == .success)
        #expect(test.terminal.out.hasPrefix(#"{"rule":{"name":"no-sponsored","#))
    }

    @Test func applyReachesTheDaemonAndPrintsOneLineOrJSON() async {
        let text = ModuleTestDependencies(isTTY: false)
        text.daemon.stub(RPC.ApplyRule.self, ManageRulesFixtures.applyResult)
        #expect(await ManageRulesRouter.assemble(.apply(name: "no-sponsored"), json: false, dependencies: text.dependencies).run() == .success)
        #expect(text.daemon.params(of: RPC.ApplyRule.self) == [.init(name: "no-sponsored")])
        #expect(text.terminal.outLines == [#"Rule "no-sponsored" marked 12 items read and hid 20 items (of 20 matching)"#])

        let json = ModuleTestDependencies(isTTY: true)
        json.daemon.stub(RPC.ApplyRule.self, ManageRulesFixtures.applyResult)
        #expect(await ManageRulesRouter.assemble(.apply(name: "no-sponsored"), json: true, dependencies: json.dependencies).run() == .success)
        #expect(json.terminal.out.hasSuffix(#""matched":20,"markedRead":12,"starred":0,"hidden":20,"tagged":0}"# + "\n"))
    }

    @Test func anUnreachableDaemonExitsWithThree() async {
        let test = ModuleTestDependencies()
        test.daemon.failure = DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)
        #expect(await ManageRulesRouter.assemble(.list, json: false, dependencies: test.dependencies).run() == .daemonUnreachable)
        #expect(test.terminal.errLines.count == 1)
    }
}

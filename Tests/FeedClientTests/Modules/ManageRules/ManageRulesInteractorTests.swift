import FeedIPC
import Testing
@testable import FeedClient

struct ManageRulesInteractorTests {
    @Test func listsAndTestsThroughTheDaemon() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.ListRules.self, .init(rules: ManageRulesFixtures.summaries))
        daemon.stub(RPC.TestRule.self, ManageRulesFixtures.testResult)
        let interactor = ManageRulesInteractor(daemon: daemon)
        #expect(try await interactor.rules() == ManageRulesFixtures.summaries)
        #expect(try await interactor.test(name: "no-sponsored") == ManageRulesFixtures.dryRun)
        #expect(daemon.methods == ["rules.list", "rules.test"])
    }

    @Test func appliesThroughTheDaemonAndKeepsEveryCount() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.ApplyRule.self, ManageRulesFixtures.applyResult)
        #expect(try await ManageRulesInteractor(daemon: daemon).apply(name: "no-sponsored") == ManageRulesFixtures.applied)
        #expect(daemon.params(of: RPC.ApplyRule.self) == [.init(name: "no-sponsored")])
    }

    @Test func anOlderDaemonsErrorIsPassedOn() async {
        let daemon = DaemonClientStub()
        daemon.fail(RPC.ListRules.self, with: RPCError(.methodNotFound, "Method not found: rules.list"))
        await #expect(throws: DaemonRefusal(RPCError(.methodNotFound, "Method not found: rules.list"))) {
            try await ManageRulesInteractor(daemon: daemon).rules()
        }
    }
}

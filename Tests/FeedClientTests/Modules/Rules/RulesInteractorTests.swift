import FeedIPC
import Testing
@testable import FeedClient

struct RulesInteractorTests {
    @Test func listsAndTestsThroughTheDaemon() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.ListRules.self, .init(rules: RulesFixtures.summaries))
        daemon.stub(RPC.TestRule.self, RulesFixtures.testResult)
        let interactor = RulesInteractor(daemon: daemon)
        #expect(try await interactor.rules() == RulesFixtures.summaries)
        #expect(try await interactor.test(name: "no-sponsored") == RulesFixtures.dryRun)
        #expect(daemon.methods == ["rules.list", "rules.test"])
    }

    @Test func appliesThroughTheDaemonAndKeepsEveryCount() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.ApplyRule.self, RulesFixtures.applyResult)
        #expect(try await RulesInteractor(daemon: daemon).apply(name: "no-sponsored") == RulesFixtures.applied)
        #expect(daemon.params(of: RPC.ApplyRule.self) == [.init(name: "no-sponsored")])
    }

    @Test func anOlderDaemonsErrorIsPassedOn() async {
        let daemon = DaemonClientStub()
        daemon.fail(RPC.ListRules.self, with: RPCError(.methodNotFound, "Method not found: rules.list"))
        await #expect(throws: RPCError(.methodNotFound, "Method not found: rules.list")) {
            try await RulesInteractor(daemon: daemon).rules()
        }
    }
}

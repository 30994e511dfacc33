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
        #expect(try await interactor.test(name: "no-sponsored") == RulesFixtures.testResult)
        #expect(daemon.methods == ["rules.list", "rules.test"])
    }

    @Test func anOlderDaemonsErrorIsPassedOn() async {
        let daemon = DaemonClientStub()
        daemon.fail(RPC.ListRules.self, with: RPCError(.methodNotFound, "Method not found: rules.list"))
        await #expect(throws: RPCError(.methodNotFound, "Method not found: rules.list")) {
            try await RulesInteractor(daemon: daemon).rules()
        }
    }
}

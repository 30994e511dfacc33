import FeedIPC
import Testing
@testable import FeedClient

struct StatusInteractorTests {
    @Test func asksTheDaemon() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.Status.self, StatusFixtures.status())
        #expect(try await StatusInteractor(daemon: daemon).status() == StatusFixtures.status())
        #expect(daemon.methods == ["status"])
    }

    @Test func anOlderDaemonsErrorIsPassedOn() async {
        let daemon = DaemonClientStub()
        daemon.fail(RPC.Status.self, with: RPCError(.methodNotFound, "unknown method 'status'"))
        await #expect(throws: DaemonRefusal(RPCError(.methodNotFound, "unknown method 'status'"))) {
            try await StatusInteractor(daemon: daemon).status()
        }
    }
}

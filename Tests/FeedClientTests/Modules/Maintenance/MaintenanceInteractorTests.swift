import FeedIPC
import Testing
@testable import FeedClient

struct MaintenanceInteractorTests {
    @Test func asksTheDaemonWithTheChosenSteps() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.Maintenance.self, MaintenanceFixtures.result())
        let interactor = MaintenanceInteractor(daemon: daemon)
        #expect(try await interactor.maintain(vacuum: false, retention: true) == MaintenanceFixtures.result())
        #expect(daemon.methods == ["maintenance"])
        #expect(daemon.params(of: RPC.Maintenance.self) == [.init(vacuum: false, retention: true)])
    }

    @Test func anOlderDaemonsErrorIsPassedOn() async {
        let daemon = DaemonClientStub()
        daemon.fail(RPC.Maintenance.self, with: RPCError(.methodNotFound, "Method not found: maintenance"))
        await #expect(throws: RPCError(.methodNotFound, "Method not found: maintenance")) {
            try await MaintenanceInteractor(daemon: daemon).maintain(vacuum: true, retention: false)
        }
    }
}

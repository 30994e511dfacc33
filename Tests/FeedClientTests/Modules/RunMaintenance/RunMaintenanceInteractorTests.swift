import FeedIPC
import Testing
@testable import FeedClient

struct RunMaintenanceInteractorTests {
    @Test func asksTheDaemonWithTheChosenSteps() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.Maintenance.self, RunMaintenanceFixtures.result())
        let interactor = RunMaintenanceInteractor(daemon: daemon)
        #expect(try await interactor.maintain(vacuum: false, retention: true) == RunMaintenanceFixtures.result())
        #expect(daemon.methods == ["maintenance"])
        #expect(daemon.params(of: RPC.Maintenance.self) == [.init(vacuum: false, retention: true)])
    }

    @Test func anOlderDaemonsErrorIsPassedOn() async {
        let daemon = DaemonClientStub()
        daemon.fail(RPC.Maintenance.self, with: RPCError(.methodNotFound, "Method not found: maintenance"))
        await #expect(throws: DaemonRefusal(RPCError(.methodNotFound, "Method not found: maintenance"))) {
            try await RunMaintenanceInteractor(daemon: daemon).maintain(vacuum: true, retention: false)
        }
    }
}

import FeedIPC
import Testing
@testable import FeedClient

struct SyncInteractorTests {
    @Test func syncsAndSaysFullOnlyWhenAsked() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.RunSync.self, SyncFixtures.status(report: SyncFixtures.syncReport()))
        let interactor = SyncInteractor(daemon: daemon)
        #expect(try await interactor.sync(full: false) == SyncFixtures.status(report: SyncFixtures.syncReport()))
        _ = try await interactor.sync(full: true)
        #expect(daemon.methods == ["sync.run", "sync.run"])
        #expect(daemon.params(of: RPC.RunSync.self) == [.init(), .init(full: true)])
    }

    @Test func readsTheStatusWithoutSyncing() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.GetSyncStatus.self, SyncFixtures.status())
        #expect(try await SyncInteractor(daemon: daemon).status() == SyncFixtures.status())
        #expect(daemon.methods == ["sync.status"])
    }

    @Test func theDaemonsErrorsArePassedOn() async {
        let daemon = DaemonClientStub()
        daemon.fail(RPC.RunSync.self, with: RPCError(.syncNotConfigured, "no sync service"))
        daemon.fail(RPC.GetSyncStatus.self, with: RPCError(.methodNotFound, "unknown method 'sync.status'"))
        await #expect(throws: DaemonRefusal(RPCError(.syncNotConfigured, "no sync service"))) {
            try await SyncInteractor(daemon: daemon).sync(full: false)
        }
        await #expect(throws: DaemonRefusal(RPCError(.methodNotFound, "unknown method 'sync.status'"))) {
            try await SyncInteractor(daemon: daemon).status()
        }
    }

    @Test func theConfigPathIsTheDaemonsOrNothing() async {
        let daemon = DaemonClientStub()
        var status = StatusFixtures.status()
        status.configPath = "/home/ada/.config/tidings/config.yaml"
        daemon.stub(RPC.Status.self, status)
        #expect(await SyncInteractor(daemon: daemon).configPath() == "/home/ada/.config/tidings/config.yaml")

        let failing = DaemonClientStub()
        failing.fail(RPC.Status.self, with: RPCError(.methodNotFound, "unknown method 'status'"))
        #expect(await SyncInteractor(daemon: failing).configPath() == nil)
    }
}

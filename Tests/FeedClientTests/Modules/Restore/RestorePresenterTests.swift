import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct RestorePresenterTests {
    static let result = RestoreReport(
        databasePath: "/d/tidings.sqlite", backupPath: "/b/old.sqlite",
        replacedCopy: "/d/tidings.sqlite.before-restore-20261126T081500.bak", backupSchemaVersion: "v9",
        schemaVersion: "v11", migrationBackup: "/d/tidings.sqlite.before-v10.bak", feeds: 1, items: 42)

    /// Runs `tidingsd restore` in tests: records the backup and answers `restored`.
    final class OfflineRestorerSpy: OfflineRestorer {
        var backups: [String] = []
        var allowed: [Bool] = []
        var restored = true

        func restore(backup: String, allowCommands: Bool) throws -> Bool {
            backups.append(backup)
            allowed.append(allowCommands)
            return restored
        }
    }

    @Test func aLiveRestoreSaysWhatWasCheckedKeptAndRestored() {
        #expect(RestorePresenter.report(Self.result) == [
            "Checked /b/old.sqlite: integrity ok, schema v9",
            "Kept the database it replaces as /d/tidings.sqlite.before-restore-20261126T081500.bak",
            "Restored /d/tidings.sqlite from /b/old.sqlite: 1 feed, 42 items, schema v11 "
                + "(migrated from v9, copied to /d/tidings.sqlite.before-v10.bak first)",
        ])
    }

    @Test func theRouterAsksTheDaemonAndSucceeds() async {
        let test = ModuleTestDependencies()
        test.daemon.stub(RPC.Restore.self, Self.result)
        #expect(await RestoreRouter.assemble(backup: "/b/old.sqlite", dependencies: test.dependencies).run() == .success)
        #expect(test.terminal.outLines.count == 3)
        #expect(test.daemon.methods == ["daemon.restore"])
    }

    @Test func aRefusedBackupIsOneLineSayingNothingChanged() async {
        let test = ModuleTestDependencies()
        test.daemon.fail(RPC.Restore.self, with: RPCError(.restoreRefused, "cannot restore from /b/x: it is not an SQLite database"))
        #expect(await RestoreRouter.assemble(backup: "/b/x", dependencies: test.dependencies).run() == .failure)
        #expect(test.terminal.errLines == ["tidings: cannot restore from /b/x: it is not an SQLite database; nothing was changed"])
    }

    @Test func withNoDaemonTidingsdRestoreRuns() async throws {
        for reason in [DaemonClientError.UnreachableReason.noSocket, .refused] {
            let daemon = DaemonClientStub()
            daemon.failure = DaemonClientError.unreachable(socketPath: "/s", reason: reason)
            let offline = OfflineRestorerSpy()
            #expect(try await RestoreInteractor(daemon: daemon, offline: offline).restore(backup: "/b/x") == .offline(restored: true))
            #expect(offline.backups == ["/b/x"])
        }
        let managed = DaemonClientStub()
        managed.failure = DaemonClientError.managedBySystemd(socketPath: "/s", reason: .noSocket, unitPath: "/u")
        let offline = OfflineRestorerSpy()
        offline.restored = false
        #expect(try await RestoreInteractor(daemon: managed, offline: offline).restore(backup: "/b/x") == .offline(restored: false))
    }

    @Test func aDaemonThatCannotBeReachedOtherwiseIsNotRestoredAround() async {
        let daemon = DaemonClientStub()
        daemon.failure = DaemonClientError.untrustedDaemon(socketPath: "/s", uid: 0)
        let offline = OfflineRestorerSpy()
        await #expect(throws: DaemonClientError.self) {
            _ = try await RestoreInteractor(daemon: daemon, offline: offline).restore(backup: "/b/x")
        }
        #expect(offline.backups.isEmpty)
    }
}

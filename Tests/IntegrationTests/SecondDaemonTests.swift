import Glibc
import Foundation
import Testing

/// One daemon per socket and per database, enforced by locks the kernel drops with the process.
@Suite(.timeLimit(.minutes(3)))
struct SecondDaemonTests {
    @Test func aSecondDaemonOnTheSameSocketRefusesToStart() async throws {
        let daemon = try await DaemonHarness()
        let second = try await Self.runDaemon(socket: daemon.socketPath, database: daemon.databasePath + "2", daemon)
        #expect(second.status == 1, "\(second)")
        #expect(second.err.contains("another tidingsd is already running on the socket \(daemon.socketPath)"), "\(second)")
        #expect(daemon.isRunning)
        // The first daemon's socket is untouched and still answers.
        let mode = try FileManager.default.attributesOfItem(atPath: daemon.socketPath)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try await daemon.tidings(["status"]).status == 0)
        #expect(await daemon.stop() == 0)
    }

    @Test func aSecondDaemonOnTheSameDatabaseRefusesToStart() async throws {
        let daemon = try await DaemonHarness()
        let otherSocket = daemon.directory.appendingPathComponent("other.sock").path
        let second = try await Self.runDaemon(socket: otherSocket, database: daemon.databasePath, daemon)
        #expect(second.status == 1, "\(second)")
        #expect(second.err.contains("another tidingsd is already running on the database \(daemon.databasePath)"), "\(second)")
        #expect(!FileManager.default.fileExists(atPath: otherSocket), "refused before binding")
        #expect(try await daemon.tidings(["status"]).status == 0)
        #expect(await daemon.stop() == 0)
    }

    @Test func aKilledDaemonLeavesNothingThatBlocksTheNextOne() async throws {
        let first = try await DaemonHarness()
        #expect(await first.stop(signal: SIGKILL) == SIGKILL)
        // Its socket file and lock files are still there; the locks died with the process.
        #expect(FileManager.default.fileExists(atPath: first.socketPath))
        #expect(FileManager.default.fileExists(atPath: first.databasePath + ".lock"))
        try await first.restart()
        #expect(try await first.tidings(["status"]).status == 0)
        #expect(await first.stop() == 0)
    }

    static func runDaemon(socket: String, database: String, _ harness: DaemonHarness) async throws -> ProcessResult {
        try await ProcessResult.run(
            Binaries.daemon, ["run", "--config", harness.configPath, "--socket", socket, "--database", database],
            environment: DaemonHarness.baseEnvironment(home: harness.directory.path))
    }
}

import Foundation
import Testing
@testable import FeedClient

/// The launcher's failures, with stand-ins for `tidingsd` (a real start is in the integration
/// tests, `AutostartTests`).
@Suite(.timeLimit(.minutes(3)))
struct SpawningDaemonLauncherTests {
    final class Directory {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-launch-\(UUID().uuidString.prefix(8))").path
        init() throws { try FileManager.default.createDirectory(atPath: path + "/bin", withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        var environment: [String: String] { ["HOME": path, "PATH": path + "/empty:" + path + "/path"] }
    }

    @Test func noDaemonNextToTheClientNorOnThePathIsNotFound() throws {
        let directory = try Directory()
        let launcher = SpawningDaemonLauncher(environment: directory.environment, executablePath: directory.path + "/bin/tidings")
        #expect(throws: DaemonLaunchError.notFound(searched: [directory.path + "/bin", directory.path + "/empty", directory.path + "/path"])) {
            try launcher.launch(socketPath: directory.path + "/run/tidingsd.sock")
        }
    }

    @Test func aDaemonThatExitsAtOnceIsReportedWithItsStatus() throws {
        let directory = try Directory()
        // Found on PATH: `false` under the daemon's name exits 1 without a word.
        try FileManager.default.createDirectory(atPath: directory.path + "/path", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/path/tidingsd", withDestinationPath: "/bin/false")
        let launcher = SpawningDaemonLauncher(environment: directory.environment, executablePath: directory.path + "/bin/tidings")
        let logPath = directory.path + "/.local/state/tidings/tidingsd.log"
        #expect(throws: DaemonLaunchError.exitedEarly(status: "exited with status 1", logPath: logPath, logTail: [])) {
            try launcher.launch(socketPath: directory.path + "/run/tidingsd.sock")
        }
        // The socket's and the log's directories were made, private.
        for made in [directory.path + "/run", directory.path + "/.local/state/tidings"] {
            let mode = try FileManager.default.attributesOfItem(atPath: made)[.posixPermissions] as? Int
            #expect(mode == 0o700, "\(made)")
        }
        #expect(FileManager.default.fileExists(atPath: logPath))
    }

    @Test func aDaemonAlreadyListeningIsNotStartedAgain() throws {
        let directory = try Directory()
        let server = try CannedSocketServer { _, _ in nil }
        defer { server.stop() }
        let launcher = SpawningDaemonLauncher(environment: directory.environment, executablePath: directory.path + "/bin/tidings")
        // Nothing could be started here (no tidingsd anywhere), yet this succeeds: someone
        // else's daemon answers by the time the lock is taken.
        #expect(try launcher.launch(socketPath: server.path) == .alreadyRunning)
        unlink(server.path + ".autostart.lock")
    }

    @Test func theLockIsWaitedForThenGivenUp() throws {
        let directory = try Directory()
        let socketPath = directory.path + "/run/tidingsd.sock"
        try FileManager.default.createDirectory(atPath: directory.path + "/run", withIntermediateDirectories: true)
        // Another client holding the lock (an open file description of its own).
        let holder = open(socketPath + ".autostart.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)
        let launcher = SpawningDaemonLauncher(
            environment: directory.environment, executablePath: directory.path + "/bin/tidings", lockTimeout: .milliseconds(200))
        #expect {
            try launcher.launch(socketPath: socketPath)
        } throws: { error in
            (error as? DaemonLaunchError).map { "\($0)" }?.contains("another tidings has been starting the daemon") == true
        }
    }
}

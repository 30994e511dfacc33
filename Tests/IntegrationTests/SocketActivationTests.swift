import Glibc
import Foundation
import Testing

/// Socket activation through `systemd-socket-activate` (from the systemd package; no running
/// systemd): the daemon serves on the socket it is passed and leaves the file to its owner.
@Suite(.timeLimit(.minutes(3)))
struct SocketActivationTests {
    @Test func theDaemonServesOnAPassedSocket() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-sa-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let socket = directory.appendingPathComponent("tidingsd.sock").path
        let config = directory.appendingPathComponent("config.yaml").path
        try "\n".write(toFile: config, atomically: true, encoding: .utf8)
        let log = directory.appendingPathComponent("daemon.log").path

        // posix_spawn, not Foundation's Process: the activator execs the daemon in its own
        // process, after which Process stopped reaping the other children of this test process.
        let pid = try Self.spawn([
            "/usr/bin/systemd-socket-activate", "--listen=\(socket)", Binaries.daemon.path, "run",
            "--config", config, "--database", directory.appendingPathComponent("db.sqlite").path,
        ], log: log)
        var stopped = false
        defer { if !stopped { kill(pid, SIGKILL); Self.reap(pid) } }
        // The activator listens at once; the daemon starts with the first connection.
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: socket) {
            try await Task.sleep(for: .milliseconds(20))
        }

        var environment = DaemonHarness.baseEnvironment(home: directory.path)
        environment["TIDINGS_SOCKET"] = socket
        let status = try await ProcessResult.run(Binaries.client, ["status", "--json"], environment: environment)
        let daemonLog = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        #expect(status.status == 0, "\(status)\n\(daemonLog())")
        #expect(daemonLog().contains("socket passed by systemd"), "\(daemonLog())")

        // systemd-socket-activate execed the daemon: the process is the daemon now.
        kill(pid, SIGTERM)
        let exitStatus = Self.reap(pid)
        stopped = true
        #expect(exitStatus == 0, "\(daemonLog())")
        #expect(daemonLog().contains("tidingsd stopped"))
        #expect(FileManager.default.fileExists(atPath: socket), "the socket file belongs to whoever passed it")
    }

    static func spawn(_ arguments: [String], log: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        let environment = DaemonHarness.baseEnvironment(home: FileManager.default.temporaryDirectory.path)
            .map { "\($0.key)=\($0.value)" }
        var cEnvironment: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { cEnvironment.forEach { free($0) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, arguments[0], &actions, nil, &cArguments, &cEnvironment)
        guard result == 0 else { throw HarnessError("cannot start \(arguments[0]): \(String(cString: strerror(result)))") }
        return pid
    }

    /// Waits (at most 10 s, then SIGKILL) and returns the exit status, -1 when killed.
    @discardableResult
    static func reap(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        for _ in 0..<500 {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1 }
            if done < 0 { return -1 }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return -1
    }
}

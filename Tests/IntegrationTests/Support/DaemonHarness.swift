import Glibc
import ChildProcess
import Foundation

/// A real `tidingsd` on a temporary socket and database, and a way to run the real `tidings`
/// against it. Each harness owns a fresh directory, so tests run in parallel. A daemon that was
/// stopped or killed can be started again on the same directory (`restart()`, crash tests).
final class DaemonHarness: @unchecked Sendable {
    let directory: URL
    let socketPath: String
    let databasePath: String
    let configPath: String
    let logPath: String
    private let arguments: [String]
    private var environment: [String: String]
    /// A command the daemon is started through (`Faketime.launcher`); empty starts it directly.
    private var launcher: [String]
    /// Replaced by `restart()`; used from one test task at a time.
    private var daemon: Process

    /// Starts the daemon and waits until its socket accepts connections.
    /// - Parameters:
    ///   - config: extra YAML for the daemon's config file.
    ///   - environment: variables added to the daemon's minimal environment.
    ///   - logLevel: `--log-level`; `nil` leaves the level to the config file.
    ///   - launcher: a command the daemon is started through, its path and arguments before the daemon's.
    init(
        config: String = "", environment: [String: String] = [:], logLevel: String? = "debug", launcher: [String] = []
    ) async throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tidings-it-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socketPath = directory.appendingPathComponent("run/tidingsd.sock").path
        databasePath = directory.appendingPathComponent("data/tidings.sqlite").path
        configPath = directory.appendingPathComponent("config.yaml").path
        logPath = directory.appendingPathComponent("tidingsd.log").path
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        try (config + "\n").write(toFile: configPath, atomically: true, encoding: .utf8)

        arguments = [
            "run", "--config", configPath, "--socket", socketPath, "--database", databasePath,
        ] + (logLevel.map { ["--log-level", $0] } ?? [])
        self.environment = Self.baseEnvironment(home: directory.path).merging(environment) { $1 }
        self.launcher = launcher
        daemon = try Self.launch(launcher, arguments, environment: self.environment, logPath: logPath)
        try await waitForSocket()
    }

    /// Starts the daemon again (appending to the same log) once the previous one has ended, and
    /// waits until its socket accepts connections; `environment` replaces the variables the
    /// harness was given (the minimal environment stays), and `launcher` the launcher.
    func restart(environment replaced: [String: String]? = nil, launcher: [String]? = nil) async throws {
        await ProcessResult.waitForExit(daemon)
        if let replaced { environment = Self.baseEnvironment(home: directory.path).merging(replaced) { $1 } }
        if let launcher { self.launcher = launcher }
        daemon = try Self.launch(self.launcher, arguments, environment: environment, logPath: logPath)
        try await waitForSocket()
    }

    private static func launch(
        _ launcher: [String], _ arguments: [String], environment: [String: String], logPath: String
    ) throws -> Process {
        let daemon = Process()
        if let command = launcher.first {
            daemon.executableURL = URL(fileURLWithPath: command)
            daemon.arguments = launcher.dropFirst() + [Binaries.daemon.path] + arguments
        } else {
            daemon.executableURL = Binaries.daemon
            daemon.arguments = arguments
        }
        daemon.environment = environment
        daemon.standardOutput = FileHandle.nullDevice
        // A file, not a pipe: a pipe nobody drains would block the daemon once it filled up.
        let log = FileHandle(forWritingAtPath: logPath)
        log?.seekToEndOfFile()
        daemon.standardError = log
        try daemon.run()
        return daemon
    }

    /// A minimal environment: nothing from the developer's session leaks in (no real socket, no real browser).
    static func baseEnvironment(home: String) -> [String: String] {
        var environment = ["HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC"]
        environment["XDG_CONFIG_HOME"] = home + "/config"
        environment["XDG_DATA_HOME"] = home + "/data"
        // A client that finds no daemon must say so, not start one (AutostartTests starts one).
        environment["TIDINGS_NO_AUTOSTART"] = "1"
        return environment
    }

    /// Whether the daemon has not exited yet. Foundation's `Process` learns of an exit on a
    /// thread of its own, which a test process running many suites at once can hold up for
    /// seconds, long after the daemon exited; the kernel knows at once: an exited child is a
    /// zombie until it is reaped.
    var isRunning: Bool {
        guard daemon.isRunning, let (state, _) = ProcessGroup.state(of: daemon.processIdentifier) else { return false }
        return state != UInt8(ascii: "Z")
    }
    var pid: Int32 { daemon.processIdentifier }

    private func waitForSocket() async throws {
        for _ in 0..<200 {
            if !daemon.isRunning {
                throw HarnessError("tidingsd exited early (\(daemon.terminationReason == .uncaughtSignal ? "signal" : "status") \(daemon.terminationStatus)):\n\(log())")
            }
            if let socket = try? RawSocket(path: socketPath) {
                socket.close()
                return
            }
            try await Task.sleep(for: .milliseconds(25))
        }
        throw HarnessError("tidingsd did not listen on \(socketPath) within 5 s")
    }

    /// Runs `tidings ARGS` against this daemon, with `input` as its standard input if given.
    func tidings(_ arguments: [String], environment extra: [String: String] = [:], input: String? = nil) async throws -> ProcessResult {
        var environment = Self.baseEnvironment(home: directory.path)
        environment["TIDINGS_SOCKET"] = socketPath
        environment.merge(extra) { $1 }
        return try await ProcessResult.run(Binaries.client, arguments, environment: environment, input: input)
    }

    /// Sends `signal` (SIGTERM: a clean stop; SIGKILL: a crash) and waits for the exit status
    /// (the signal's number when it killed the daemon).
    @discardableResult
    func stop(signal: Int32 = SIGTERM) async -> Int32 {
        if daemon.isRunning { kill(daemon.processIdentifier, signal) }
        await ProcessResult.waitForExit(daemon)
        return daemon.terminationStatus
    }

    /// Sends SIGTERM and waits for the exit, at most `limit` (then SIGKILL, so that a daemon
    /// that ignores SIGTERM fails the test rather than hangs it).
    /// - Returns: the exit status and how long the daemon took to exit after the signal.
    func terminate(within limit: Duration = .seconds(20)) async -> (status: Int32, elapsed: Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        signal(SIGTERM)
        while daemon.isRunning, clock.now < start + limit {
            try? await Task.sleep(for: .milliseconds(10))
        }
        let elapsed = clock.now - start
        let status = await stop(signal: SIGKILL)
        return (status, elapsed)
    }

    /// Waits at most `limit` for the daemon to exit on its own.
    /// - Returns: its exit status, or `nil` while it still runs.
    func exitStatus(within limit: Duration) async -> Int32? {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            // Foundation's `Process` learns of an exit on a thread of its own, which a test
            // process busy with many suites may run seconds later: the kernel knows at once.
            if let status = exitedStatus() { return status }
            if !daemon.isRunning { break }
            try? await Task.sleep(for: .milliseconds(20))
        }
        guard !daemon.isRunning else { return exitedStatus() }
        await ProcessResult.waitForExit(daemon)
        return daemon.terminationStatus
    }

    /// The exit status of a daemon that has exited but is not reaped yet (the signal's number
    /// when one killed it), read without reaping it, so that `Process` still gets it; `nil`
    /// while it runs or once it is reaped.
    private func exitedStatus() -> Int32? {
        var info = siginfo_t()
        let pid = daemon.processIdentifier
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT | WNOHANG) == 0, info._sifields._sigchld.si_pid == pid else {
            return nil
        }
        return info._sifields._sigchld.si_status
    }

    /// Sends a signal (SIGHUP to reload, SIGKILL to crash it).
    func signal(_ number: Int32) {
        if daemon.isRunning { kill(daemon.processIdentifier, number) }
    }

    /// Replaces the config file (then `signal(SIGHUP)` to have it read).
    func writeConfig(_ text: String) throws {
        try (text + "\n").write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    /// Waits until the log contains `text` `occurrences` times or more (at most `timeout`);
    /// returns whether it did.
    func waitForLog(_ text: String, occurrences: Int = 1, timeout: Duration = .seconds(5)) async -> Bool {
        let seen = { self.log().components(separatedBy: text).count > occurrences }
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if seen() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return seen()
    }

    /// What the daemon has logged so far.
    func log() -> String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    deinit {
        if daemon.isRunning { kill(daemon.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: directory)
    }
}

struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A `tidingsd` that can be killed and started again on the same directory, socket and
/// database (`DaemonHarness` owns a fresh directory per daemon). For crash tests.
final class RestartableDaemon: @unchecked Sendable {
    let directory: URL
    let socketPath: String
    let databasePath: String
    let configPath: String
    let logPath: String
    private var daemon: Process?

    /// Prepares the directory and config; `start()` runs the daemon.
    init(config: String = "") throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tidings-it-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socketPath = directory.appendingPathComponent("run/tidingsd.sock").path
        databasePath = directory.appendingPathComponent("data/tidings.sqlite").path
        configPath = directory.appendingPathComponent("config.yaml").path
        logPath = directory.appendingPathComponent("tidingsd.log").path
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        try (config + "\n").write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    /// Starts the daemon (appending to the same log) and waits until its socket accepts
    /// connections.
    func start() async throws {
        let process = Process()
        process.executableURL = Binaries.daemon
        process.arguments = ["run", "--config", configPath, "--socket", socketPath, "--database", databasePath]
        process.environment = DaemonHarness.baseEnvironment(home: directory.path)
        process.standardOutput = FileHandle.nullDevice
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        log.seekToEndOfFile()
        process.standardError = log
        try process.run()
        daemon = process
        for _ in 0..<400 {
            if !process.isRunning {
                throw HarnessError("tidingsd exited early:\n\(self.log().suffix(2000))")
            }
            if let socket = try? RawSocket(path: socketPath) {
                socket.close()
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw HarnessError("tidingsd did not listen on \(socketPath) within 4 s")
    }

    var isRunning: Bool { daemon?.isRunning ?? false }

    /// Sends `signal` and waits until the process has ended.
    /// - Returns: its termination status (the signal number when killed).
    @discardableResult
    func stop(signal: Int32) async -> Int32 {
        guard let daemon else { return -1 }
        if daemon.isRunning { kill(daemon.processIdentifier, signal) }
        await ProcessResult.waitForExit(daemon)
        self.daemon = nil
        return daemon.terminationStatus
    }

    /// Runs `tidings ARGS` against this daemon.
    func tidings(_ arguments: [String]) async throws -> ProcessResult {
        var environment = DaemonHarness.baseEnvironment(home: directory.path)
        environment["TIDINGS_SOCKET"] = socketPath
        return try await ProcessResult.run(Binaries.client, arguments, environment: environment)
    }

    func log() -> String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    deinit {
        if let daemon, daemon.isRunning { kill(daemon.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: directory)
    }
}

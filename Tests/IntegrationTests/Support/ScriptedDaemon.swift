import Glibc
import Foundation

/// A stand-in for the daemon: a Perl program listening on a socket in a home of its own, for
/// what the client does with answers a real daemon gives only in situations a test cannot
/// make (an answer lost, a sync service). Run as `perl -e SCRIPT SOCKET RECORD ARGUMENTS...`;
/// the script writes what it received to `RECORD`.
final class ScriptedDaemon: Sendable {
    let path: String
    var socket: String { path + "/tidingsd.sock" }
    var record: String { path + "/received" }
    private let process = Process()

    init(script: String, arguments: [String] = [], label: String) async throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-\(label)-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/perl")
        process.arguments = ["-e", script, socket, record] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try await FakeDaemon.waitForSocket(socket)
    }

    /// Runs `tidings ARGUMENTS` against the stand-in, never starting a daemon.
    func tidings(_ arguments: [String]) async throws -> ProcessResult {
        try await ProcessResult.run(
            Binaries.client, arguments + ["--socket", socket], environment: DaemonHarness.baseEnvironment(home: path))
    }

    /// What the script recorded.
    var received: String { (try? String(contentsOfFile: record, encoding: .utf8)) ?? "" }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(atPath: path)
    }
}

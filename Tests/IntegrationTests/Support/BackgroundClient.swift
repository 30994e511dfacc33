import Foundation
import Synchronization

/// A `tidings` command (`watch --json`, a `refresh` that must be seen joining) running in the
/// background, its output collected line by line as it comes.
final class BackgroundClient: @unchecked Sendable {
    private let process = Process()
    private let output = Mutex("")
    private let errorOutput = Mutex("")

    init(daemon: DaemonHarness, arguments: [String]) throws {
        process.executableURL = Binaries.client
        process.arguments = arguments
        var environment = DaemonHarness.baseEnvironment(home: daemon.directory.path)
        environment["TIDINGS_SOCKET"] = daemon.socketPath
        process.environment = environment
        let pipe = Pipe(), errorPipe = Pipe()
        process.standardOutput = pipe
        process.standardError = errorPipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let handle = pipe.fileHandleForReading, errorHandle = errorPipe.fileHandleForReading
        DispatchQueue.global().async { [self] in
            while case let data = handle.availableData, !data.isEmpty {
                output.withLock { $0 += String(decoding: data, as: UTF8.self) }
            }
        }
        DispatchQueue.global().async { [self] in
            while case let data = errorHandle.availableData, !data.isEmpty {
                errorOutput.withLock { $0 += String(decoding: data, as: UTF8.self) }
            }
        }
    }

    /// What the command wrote to stderr so far.
    var errors: String { errorOutput.withLock { $0 } }

    /// Waits for the command to end by itself (at most `limit`, then ends it), and returns its
    /// exit status.
    func exitStatus(within limit: Duration = .seconds(10)) async -> Int32 {
        let deadline = ContinuousClock.now + limit
        while process.isRunning, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(50)) }
        stop()
        await ProcessResult.waitForExit(process)
        return process.terminationStatus
    }

    /// Everything the command wrote to stdout so far.
    var printed: String { output.withLock { $0 } }

    func firstLine(containing text: String, within limit: Duration) async throws -> String {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let line = output.withLock({ $0 }).split(separator: "\n").first(where: { $0.contains(text) }) {
                return String(line)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw HarnessError("\(process.arguments ?? []) printed no line with '\(text)' within \(limit); it printed:\n\(output.withLock { $0 })")
    }

    func stop() {
        if process.isRunning { process.terminate() }
    }
}

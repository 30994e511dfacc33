import Foundation

/// What a finished `tidings` run printed and returned.
struct ProcessResult: CustomStringConvertible {
    var status: Int32
    var stdout: Data
    var stderr: Data

    var out: String { String(decoding: stdout, as: UTF8.self) }
    var err: String { String(decoding: stderr, as: UTF8.self) }

    var description: String { "exit \(status)\n--- stdout\n\(out)--- stderr\n\(err)" }

    /// Runs a program to completion with an argv (no shell), capturing both streams.
    /// Blocking reads happen on Dispatch threads, never on the cooperative pool.
    static func run(_ executable: URL, _ arguments: [String], environment: [String: String]) async throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        async let stdout = readAll(out.fileHandleForReading)
        async let stderr = readAll(err.fileHandleForReading)
        let (outData, errData) = await (stdout, stderr)
        await waitForExit(process)
        return ProcessResult(status: process.terminationStatus, stdout: outData, stderr: errData)
    }

    static func readAll(_ handle: FileHandle) async -> Data {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: handle.readDataToEndOfFile()) }
        }
    }

    static func waitForExit(_ process: Process) async {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                process.waitUntilExit()
                continuation.resume()
            }
        }
    }
}

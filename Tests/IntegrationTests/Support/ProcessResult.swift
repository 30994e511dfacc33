import Foundation

/// What a finished `tidings` run printed and returned.
struct ProcessResult: CustomStringConvertible {
    var status: Int32
    var stdout: Data
    var stderr: Data

    var out: String { String(decoding: stdout, as: UTF8.self) }
    var err: String { String(decoding: stderr, as: UTF8.self) }

    var description: String { "exit \(status)\n--- stdout\n\(out)--- stderr\n\(err)" }

    /// Runs a program to completion with an argv (no shell), capturing both streams; `input`,
    /// if any, is its standard input (else /dev/null).
    /// Blocking reads happen on Dispatch threads, never on the cooperative pool.
    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String], input: String? = nil
    ) async throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = input.map { _ in Pipe() }
        process.standardInput = stdin ?? FileHandle.nullDevice
        try process.run()
        if let stdin, let input {
            // Small inputs: the pipe's buffer holds them whole, so the write cannot block.
            try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
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

import Foundation
import Synchronization

/// Runs blocking work (socket reads and writes) on threads of its own, never on Swift's
/// cooperative pool, and awaits the results.
enum BlockingThreads {
    /// Runs `body(0..<count)` each on a new thread, all at once; returns the results in order.
    static func run<Result: Sendable>(
        _ count: Int, _ body: @escaping @Sendable (Int) throws -> Result
    ) async -> [Swift.Result<Result, any Error>] {
        let results = Mutex<[Int: Swift.Result<Result, any Error>]>([:])
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let remaining = Atomic<Int>(count)
            guard count > 0 else { return continuation.resume() }
            for index in 0..<count {
                let thread = Thread {
                    let result = Swift.Result { try body(index) }
                    results.withLock { $0[index] = result }
                    if remaining.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { continuation.resume() }
                }
                thread.stackSize = 1 << 20
                thread.start()
            }
        }
        return results.withLock { results in (0..<count).map { results[$0]! } }
    }

    /// Runs one blocking `body` on a new thread.
    static func one<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await run(1) { _ in try body() }[0].get()
    }
}

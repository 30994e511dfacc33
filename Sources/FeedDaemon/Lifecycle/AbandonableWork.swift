import Foundation
import Synchronization

/// Runs blocking work on a thread of its own and waits for it without holding a thread of
/// Swift's cooperative pool (two on a two-core machine), and without making its caller wait
/// past cancellation: a cancelled caller stops waiting at once and the work is abandoned,
/// left to finish (or not) on its thread, its result dropped.
///
/// For work that cannot be interrupted and must never hold up a shutdown, such as reading
/// the configuration again on SIGHUP.
enum AbandonableWork {
    /// Runs `work` on a new thread named `name` (at most 15 bytes, Linux's limit).
    /// - Returns: what `work` returned.
    /// - Throws: what `work` threw, or `CancellationError` as soon as the calling task is
    ///   cancelled (also when it already was), whether or not `work` has finished.
    static func run<Value: Sendable>(
        name: String, _ work: @escaping @Sendable () throws -> Value
    ) async throws -> Value {
        let waiter = Waiter<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard waiter.install(continuation) else { return }
                let thread = Thread { waiter.resume(with: Result { try work() }) }
                thread.name = name
                thread.start()
            }
        } onCancel: {
            waiter.resume(with: .failure(CancellationError()))
        }
    }

    /// The continuation of the one caller; whichever of the work and the cancellation comes
    /// first resumes it, the other finds it gone.
    private final class Waiter<Value: Sendable>: Sendable {
        private let state = Mutex<State>(.waiting)

        private enum State {
            case waiting
            case installed(CheckedContinuation<Value, any Error>)
            case resumed
        }

        /// Keeps `continuation` for `resume`; resumes it at once when the caller was cancelled
        /// before it got here. Returns whether the work should start.
        func install(_ continuation: CheckedContinuation<Value, any Error>) -> Bool {
            let cancelled = state.withLock { state in
                guard case .waiting = state else { return true }
                state = .installed(continuation)
                return false
            }
            if cancelled { continuation.resume(throwing: CancellationError()) }
            return !cancelled
        }

        func resume(with result: Result<Value, any Error>) {
            let continuation = state.withLock { state -> CheckedContinuation<Value, any Error>? in
                defer { state = .resumed }
                guard case .installed(let continuation) = state else { return nil }
                return continuation
            }
            continuation?.resume(with: result)
        }
    }
}

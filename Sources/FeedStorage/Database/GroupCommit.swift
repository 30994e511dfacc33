import Synchronization

/// The writes waiting for the writer connection, taken in batches: what `SQLiteFeedStore`
/// commits together (`SQLiteFeedStore+GroupCommit`). It only keeps the queue; whoever is told
/// to drain it (`enqueue` returning `true`) takes batches with `nextBatch()` until that returns
/// none, and the next write to arrive then starts a new drain. Safe from any thread.
final class GroupCommit<Write: Sendable>: Sendable {
    private struct State {
        var waiting: [Write] = []
        var draining = false
    }

    /// The most writes one batch takes, so that a write of the user's (marking an article
    /// read) never waits behind more than this many refreshes.
    let maximumBatch: Int
    private let state = Mutex(State())

    init(maximumBatch: Int) {
        precondition(maximumBatch > 0)
        self.maximumBatch = maximumBatch
    }

    /// The writes waiting for a batch.
    var waitingCount: Int {
        state.withLock { $0.waiting.count }
    }

    /// Queues `write`.
    /// - Returns: `true` when no drain is running: the caller must start one.
    func enqueue(_ write: Write) -> Bool {
        state.withLock { state in
            state.waiting.append(write)
            guard !state.draining else { return false }
            state.draining = true
            return true
        }
    }

    /// The next batch, oldest first, up to `maximumBatch` writes; empty when none waits, which
    /// ends the drain (the next `enqueue` starts another).
    func nextBatch() -> [Write] {
        state.withLock { state in
            guard !state.waiting.isEmpty else {
                state.draining = false
                return []
            }
            let batch = Array(state.waiting.prefix(maximumBatch))
            state.waiting.removeFirst(batch.count)
            return batch
        }
    }
}

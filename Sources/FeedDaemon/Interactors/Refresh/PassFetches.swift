import FeedEntities
import Synchronization

/// The feeds that the refresh passes running now fetch or have fetched, each with its outcome
/// to come: a pass that wants a feed another running pass has taken waits for that outcome
/// instead of fetching the feed again, and reports it as its own. So an import's pass and a
/// `tidings refresh` typed while it runs fetch each feed once between them, and the refresh
/// says what the import's pass stored. A feed is taken until the pass that took it ends; the
/// next pass fetches it again.
final class PassFetches: Sendable {
    /// The outcome of one feed's refresh in a running pass, awaited by other passes.
    final class Pending: Sendable {
        private struct State {
            var outcome: RefreshOutcome?
            var waiting: [Int: CheckedContinuation<RefreshOutcome, Never>] = [:]
            var nextWaiter = 0
        }
        private let state = Mutex(State())

        /// Gives `outcome` to every pass waiting for it; later calls change nothing.
        func fulfil(_ outcome: RefreshOutcome) {
            let waiting = state.withLock { state -> [CheckedContinuation<RefreshOutcome, Never>] in
                guard state.outcome == nil else { return [] }
                state.outcome = outcome
                defer { state.waiting = [:] }
                return Array(state.waiting.values)
            }
            for continuation in waiting { continuation.resume(returning: outcome) }
        }

        /// The outcome, once the pass that fetches the feed has it (at the latest when that
        /// pass ends: `PassFetches.release`); `cancelled` at once when the waiting task is
        /// cancelled (the daemon stopping): the pass fetching it may be one nothing cancels,
        /// such as an import's.
        func outcome(orWhenCancelled cancelled: RefreshOutcome) async -> RefreshOutcome {
            let waiter = state.withLock { state in
                defer { state.nextWaiter += 1 }
                return state.nextWaiter
            }
            return await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let now = state.withLock { state -> RefreshOutcome? in
                        if let outcome = state.outcome { return outcome }
                        // Cancelled before the handler below could find this waiter.
                        if Task.isCancelled { return cancelled }
                        state.waiting[waiter] = continuation
                        return nil
                    }
                    if let now { continuation.resume(returning: now) }
                }
            } onCancel: {
                let continuation = state.withLock { $0.waiting.removeValue(forKey: waiter) }
                continuation?.resume(returning: cancelled)
            }
        }
    }

    private let taken = Mutex<[Int64: Pending]>([:])

    /// What a pass does with its feeds: fetch the ones it took now, and wait for the others.
    struct Claim {
        /// The feeds this pass fetches, with the outcome each must be given (`Pending.fulfil`).
        var fetches: [(feed: Feed, pending: Pending)]
        /// The feeds another running pass has taken, with the outcome to wait for.
        var joins: [(feed: Feed, pending: Pending)]
    }

    /// Takes the feeds of `feeds` that no running pass has taken, in their order.
    func claim(_ feeds: [Feed]) -> Claim {
        taken.withLock { taken in
            var claim = Claim(fetches: [], joins: [])
            for feed in feeds {
                if let pending = taken[feed.id] {
                    claim.joins.append((feed, pending))
                } else {
                    let pending = Pending()
                    taken[feed.id] = pending
                    claim.fetches.append((feed, pending))
                }
            }
            return claim
        }
    }

    /// Gives back the feeds a pass took, when it ends: one it did not finish (the daemon
    /// stopping cancelled it) gets `unfinished(feed)` for whoever waits for it.
    func release(_ fetches: [(feed: Feed, pending: Pending)], unfinished: (Feed) -> RefreshOutcome) {
        for (feed, pending) in fetches { pending.fulfil(unfinished(feed)) }
        taken.withLock { taken in
            for (feed, pending) in fetches where taken[feed.id] === pending { taken[feed.id] = nil }
        }
    }
}

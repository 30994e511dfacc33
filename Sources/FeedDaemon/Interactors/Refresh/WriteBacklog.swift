import FeedEntities
import FeedIPC
import FeedStorage
import Foundation
import Synchronization

/// What the daemon could not write while its storage refused writes (a full disk or database,
/// an I/O error, a read-only file; `FeedStoreDatabaseError.isStorageFailure`): the storage
/// error, the feeds whose refresh waits to be stored, and the failed fetches not yet recorded
/// on their feeds.
///
/// Such an error is the daemon's, not a feed's: a feed whose refresh could not be stored keeps
/// its schedule and its health, and is refreshed again once its retry is due (`retryIsDue`)
/// until its store succeeds. A fetch that failed is the feed's, but recording it is a
/// write too: the failure is kept here until it is written (at the start of each pass), and
/// `feeds` and `status` show it from here meanwhile (`overlaying`). Shared by the refresh
/// and library use cases; safe from any thread.
public final class WriteBacklog: Sendable {
    /// A failed fetch whose record on the feed is not written yet.
    public struct UnwrittenFailure: Sendable, Equatable {
        /// The feed's error, as the store records it.
        public var error: String
        /// The attempt: when, the HTTP status, the next check the backoff set.
        public var check: FeedCheck
        /// The feed's failures in a row, this one included.
        public var failures: Int

        public init(error: String, check: FeedCheck, failures: Int) {
            self.error = error
            self.check = check
            self.failures = failures
        }
    }

    private struct State {
        var error: FeedStoreDatabaseError?
        var since: Date?
        /// Feeds whose refresh the store refused; due again whatever their next check.
        var waiting: Set<Int64> = []
        var failures: [Int64: UnwrittenFailure] = [:]
        /// When the waiting feeds are fetched again (`retryDelay`).
        var retryAt: Date?
        /// The work after a pass (the search index, compaction, the checkpoint) was refused.
        var housekeeping = false
    }

    /// How long after a refused write the waiting feeds are fetched again: as long as the
    /// storage error has stood, between a minute and five. A disk full for a minute is retried
    /// at the next scheduled look; one full for hours costs each waiting site a fetch every five
    /// minutes, not every minute (a refused fetch stores no validators, so each is a full one).
    static func retryDelay(standingFor duration: TimeInterval) -> TimeInterval {
        min(max(duration, 60), 300)
    }

    private let state = Mutex(State())

    public init() {}

    /// The storage error that stands, with when it began and how many feeds wait; `nil` while
    /// writes succeed.
    public var storageFailure: StorageFailure? {
        state.withLock { state in
            guard let error = state.error, let since = state.since else { return nil }
            return StorageFailure(error: error.reason, since: since, feeds: state.waiting.union(state.failures.keys).count)
        }
    }

    /// When the feeds whose refresh waits to be stored are fetched again; `nil` when none wait.
    public var retryAt: Date? {
        state.withLock { state in state.waiting.isEmpty ? nil : state.retryAt }
    }

    /// Whether the feeds whose refresh waits to be stored are to be fetched again at `date`.
    public func retryIsDue(at date: Date) -> Bool {
        state.withLock { state in state.retryAt.map { $0 <= date } ?? true }
    }

    /// Whether the refresh of `feedID` waits to be stored.
    public func isWaiting(_ feedID: Int64) -> Bool {
        state.withLock { $0.waiting.contains(feedID) }
    }

    /// The failed fetches not yet recorded, by feed.
    public var unwrittenFailures: [Int64: UnwrittenFailure] {
        state.withLock { $0.failures }
    }

    /// Records that the store refused a write for `feedID` (its refresh, when `failure` is
    /// `nil`; else the record of that failed fetch) with the storage error `error` at `date`.
    /// - Returns: whether this began the storage error (none stood before).
    @discardableResult
    public func refused(_ error: FeedStoreDatabaseError, feedID: Int64, failure: UnwrittenFailure? = nil, at date: Date) -> Bool {
        state.withLock { state in
            let began = state.error == nil
            state.error = error
            if began { state.since = date }
            state.retryAt = date + Self.retryDelay(standingFor: date.timeIntervalSince(state.since ?? date))
            if let failure {
                state.failures[feedID] = failure
                state.waiting.remove(feedID)
            } else {
                state.waiting.insert(feedID)
            }
            return began
        }
    }

    /// Records that what `feedID` had to write was written (or no longer needs writing: the
    /// feed is gone). The storage error ends once nothing waits any more.
    /// - Returns: the storage error that this ended, or `nil`.
    @discardableResult
    public func written(_ feedID: Int64) -> StorageFailure? {
        state.withLock { state in
            state.waiting.remove(feedID)
            state.failures.removeValue(forKey: feedID)
            return Self.endIfNothingWaits(&state)
        }
    }

    /// Ends the storage error once no refresh, failure or work after a pass waits any more.
    /// - Returns: the storage error that this ended, or `nil`.
    private static func endIfNothingWaits(_ state: inout State) -> StorageFailure? {
        guard state.waiting.isEmpty, state.failures.isEmpty, !state.housekeeping, let error = state.error,
              let since = state.since
        else { return nil }
        state.error = nil
        state.since = nil
        state.retryAt = nil
        return StorageFailure(error: error.reason, since: since, feeds: 0)
    }

    /// The log line for the end of the storage error `ended`.
    public static func recoveredMessage(_ ended: StorageFailure) -> String {
        "the database accepts writes again (they failed since \(ended.since): \(ended.error))"
    }

    /// Whether the work after a pass waits for the storage (`housekeepingRefused`).
    public var housekeepingWaits: Bool { state.withLock { $0.housekeeping } }

    /// Records that the storage refused the work after a pass (indexing new items for search,
    /// the checkpoint) with `error` at `date`: a storage error as much as a refused refresh,
    /// shown by `status` until that work is done.
    /// - Returns: whether this began the storage error.
    @discardableResult
    public func housekeepingRefused(_ error: FeedStoreDatabaseError, at date: Date) -> Bool {
        state.withLock { state in
            let began = state.error == nil
            state.error = error
            if began { state.since = date }
            state.housekeeping = true
            return began
        }
    }

    /// Records that the work after a pass was done; the storage error ends when nothing else
    /// waits.
    /// - Returns: the storage error that this ended, or `nil`.
    @discardableResult
    public func housekeepingWritten() -> StorageFailure? {
        state.withLock { state in
            guard state.housekeeping else { return nil }
            state.housekeeping = false
            return Self.endIfNothingWaits(&state)
        }
    }

    /// Forgets everything: the database it was kept for was replaced by a restore, whose feeds
    /// (and their numbers) may differ.
    public func reset() {
        state.withLock { $0 = State() }
    }

    /// Forgets the feeds not in `feeds` (unsubscribed from meanwhile).
    /// - Returns: the storage error that this ended, or `nil`.
    @discardableResult
    public func keepOnly(_ feeds: Set<Int64>) -> StorageFailure? {
        let gone = state.withLock { state in state.waiting.union(state.failures.keys).subtracting(feeds) }
        return gone.reduce(nil) { ended, feedID in written(feedID) ?? ended }
    }

    /// `feeds` with the failures not yet written shown as the store will record them: the
    /// error, the attempt, the failures in a row and the next check.
    public func overlaying(_ feeds: [Feed]) -> [Feed] {
        let failures = unwrittenFailures
        guard !failures.isEmpty else { return feeds }
        return feeds.map { feed in
            guard let failure = failures[feed.id] else { return feed }
            var shown = feed
            shown.lastError = failure.error
            shown.lastAttempt = failure.check.at
            shown.httpStatus = failure.check.httpStatus
            shown.consecutiveFailures = failure.failures
            shown.nextCheck = failure.check.nextCheck
            return shown
        }
    }
}

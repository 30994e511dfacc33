import CMalloc
import FeedEntities
import FeedStorage
import Foundation
import Logging

/// What follows a refresh pass, off the pass's path (the items are committed already): the
/// retention policy, the search index catching up, the stored HTML compacted (a compression
/// dictionary trained once there are enough items), the database's free pages given back to
/// the file system, a checkpoint of the write-ahead log, the database's page caches and the
/// heap's free pages handed back, and the service manager's status line.
public struct PassHousekeeping: RefreshPassObserver {
    private let store: any FeedStore
    private let indexer: SearchIndexer
    private let notifier: any ServiceManagerNotifier
    /// Applies the retention policy in effect (deleting what it says before indexing, so that
    /// deleted items need no indexing).
    private let retention: @Sendable () async throws -> Void
    /// Where a storage error that stops this work is kept, for `status`, until it is done.
    private let backlog: WriteBacklog
    private let logger: Logger

    public init(
        store: any FeedStore, indexer: SearchIndexer, notifier: any ServiceManagerNotifier,
        retention: @escaping @Sendable () async throws -> Void, backlog: WriteBacklog, logger: Logger
    ) {
        self.store = store
        self.backlog = backlog
        self.indexer = indexer
        self.notifier = notifier
        self.retention = retention
        self.logger = logger
    }

    public func passProgressed(done: Int, total: Int, errors: Int) {
        // As the pass starts, then every 25 feeds: systemd gets a datagram per status, so not
        // one per feed (but a pass of a few slow feeds still shows in `systemctl status`). A
        // scheduled look that found no feed due is no news.
        guard done % 25 == 0, total > 0 else { return }
        notifier.status("Refreshing: \(done)/\(Counted.phrase(total, "feed")), \(Counted.phrase(errors, "error"))")
        guard done > 0 else { return }
        // A new database's first pass: the items stored once a dictionary exists are stored
        // small, rather than compressed again (and the table left full of holes) afterwards.
        // Does nothing once the store has one, or while a training runs.
        Task { [store, logger] in
            do { _ = try await store.trainCompressionDictionary() } catch { logger.failure(error) }
        }
    }

    public func passEnded(_ report: RefreshPassReport) {
        tidyUp(after: report)
    }

    /// Sets the status line after `report`'s pass and starts its housekeeping.
    /// - Returns: the housekeeping's task; `nil` when there is none to do.
    @discardableResult
    func tidyUp(after report: RefreshPassReport) -> Task<Void, Never>? {
        // A scheduled look that found no feed due is no news, and leaves nothing to tidy, but
        // for the work the storage refused after an earlier pass: each look tries it again.
        let waiting = backlog.housekeepingWaits
        guard report.feeds > 0 || waiting else { return nil }
        if report.feeds > 0 {
            notifier.status(
                "Idle: last refresh of \(Counted.phrase(report.feeds, "feed")): \(Counted.phrase(report.newItems, "new item")), "
                    + Counted.phrase(report.failed, "error"))
        }
        return Task { [store, indexer, retention, backlog, logger] in
            do { try await retention() } catch { logger.failure(error, "retention failed") }
            if report.storedItems || waiting {
                do {
                    // Indexed, compacted and the free pages given back before the checkpoint,
                    // so that one checkpoint folds in all of it (and shrinks the file).
                    try await indexer.catchUp()
                    try await indexer.compact()
                    try await store.reclaimFreePages()
                    try await store.checkpoint()
                    if let ended = backlog.housekeepingWritten() {
                        logger.notice("\(WriteBacklog.recoveredMessage(ended))")
                    }
                } catch let error as FeedStoreDatabaseError where error.isStorageFailure {
                    // The daemon's storage, as for a refused refresh: `status` shows it.
                    if backlog.housekeepingRefused(error, at: Date()) {
                        logger.error("the database refuses writes: \(error); the search index and the checkpoint wait for room")
                    }
                } catch {
                    logger.failure(error)
                }
            }
            await store.releaseMemory()
            Self.returnFreeMemory()
        }
    }

    /// Hands the heap's free pages back to the system once a pass is over. A pass parses up to
    /// `concurrency` feeds at once on several threads, and glibc keeps what their arenas freed
    /// (about 12 MB after 500 feeds) for a daemon that then sleeps until the next pass.
    private static func returnFreeMemory() {
        _ = malloc_trim(0)
    }
}

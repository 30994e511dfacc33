import FeedEntities
import FeedIPC
import FeedStorage
import Foundation

extension FeedRefresher {
    /// Records a failed fetch on its feed; when the storage refuses the write, the failure is
    /// kept in `backlog` (and shown from there) until a later pass writes it.
    /// - Returns: `false` when the storage refused the write.
    @discardableResult
    func recordFailure(_ failure: WriteBacklog.UnwrittenFailure, feedID: Int64) async -> Bool {
        do {
            try await store.recordFailure(feedID: feedID, error: failure.error, check: failure.check)
        } catch let error as FeedStoreDatabaseError where error.isStorageFailure {
            storeRefused(error, feedID: feedID, failure: failure)
            return false
        } catch {
            // Anything else (the feed removed meanwhile) leaves nothing worth keeping.
            logger.debug("cannot record the failure of feed \(feedID): \(error)")
        }
        storeAccepted(feedID)
        return true
    }

    /// Writes the failures `backlog` keeps, oldest feed number first, until the storage refuses
    /// one: the first write of each pass while the storage error stands, and so the probe that
    /// finds the store accepting writes again.
    func writeUnwrittenFailures() async {
        for (feedID, failure) in backlog.unwrittenFailures.sorted(by: { $0.key < $1.key }) {
            guard await recordFailure(failure, feedID: feedID) else { return }
        }
    }

    /// The store took what `feedID` had to write; logs the end of a storage error this ends.
    func storeAccepted(_ feedID: Int64) {
        if let ended = backlog.written(feedID) { logStorageRecovered(ended) }
    }

    /// The store refused a write for `feedID` for a reason of its storage; logged as an error
    /// when it begins the storage error, then quietly (a full disk fails every feed of a pass).
    func storeRefused(_ error: FeedStoreDatabaseError, feedID: Int64, failure: WriteBacklog.UnwrittenFailure? = nil) {
        if backlog.refused(error, feedID: feedID, failure: failure, at: now()) {
            logger.error(
                "the database refuses writes: \(error); refreshes that cannot be stored are tried again within minutes, and feeds are not counted as failing for it")
        } else {
            logger.debug("\(error)")
        }
    }

    /// Logs that the storage error `ended` is over.
    func logStorageRecovered(_ ended: StorageFailure) {
        logger.notice("\(WriteBacklog.recoveredMessage(ended))")
    }
}

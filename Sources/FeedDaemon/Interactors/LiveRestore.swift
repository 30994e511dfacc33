import FeedEntities
import FeedStorage
import Foundation
import Logging
import Synchronization

/// `daemon.restore`: puts a backup back into the database the daemon serves, without closing
/// it (`SQLiteFeedStore.restore(from:)`), while no refresh pass runs.
public final class LiveRestore: Sendable {
    private let store: SQLiteFeedStore
    private let refresher: RefreshInteractor
    private let indexer: SearchIndexer
    private let newItems: NewItemsBroadcaster?
    private let logger: Logger
    /// Whether a restore runs: a second one is refused rather than run after it, whose report
    /// and kept copy would describe the first one's result.
    private let running = Mutex(false)

    /// - Parameter newItems: told that the database was replaced, so that watchers and hooks
    ///   hear of the items stored after the restore (whose numbers may be lower than before).
    public init(
        store: SQLiteFeedStore, refresher: RefreshInteractor, indexer: SearchIndexer, newItems: NewItemsBroadcaster? = nil,
        logger: Logger
    ) {
        self.store = store
        self.refresher = refresher
        self.indexer = indexer
        self.newItems = newItems
        self.logger = logger
    }

    /// Checks the backup at `path`, keeps the current database beside itself, copies the backup
    /// in (migrating an older schema) and brings the search index up to date with the restored
    /// items. Refresh passes in progress are waited for and new ones held back meanwhile.
    /// - Throws: `RestoreRefusedError` (a relative path, or a backup refused: nothing changed);
    ///   `FeedStoreDatabaseError` when the restore itself fails.
    /// - Parameter allowCommands: restore a backup that subscribes to command feeds, which is
    ///   refused otherwise (`RestoreRefusedError` naming them).
    public func restore(from path: String, allowCommands: Bool = false) async throws -> RestoreReport {
        guard path.hasPrefix("/") else {
            throw RestoreRefusedError(path: path, reason: "the daemon needs an absolute path (its working directory is not yours)")
        }
        guard running.withLock({ running in defer { running = true }; return !running }) else {
            throw RestoreRefusedError(path: path, reason: "another restore is running; try again once it has finished")
        }
        defer { running.withLock { $0 = false } }
        let (store, refresher, newItems, indexer, logger) = (store, refresher, newItems, indexer, logger)
        let report = try await refresher.whilePaused {
            let report = try await store.restore(from: path, allowCommands: allowCommands)
            // What waited to be written belongs to the database the backup replaced.
            refresher.backlog.reset()
            await newItems?.databaseReplaced()
            // Searches would otherwise miss what the backup holds beyond its own index.
            do { try await indexer.catchUp() } catch { logger.failure(error) }
            return report
        }
        let migrated = report.schemaVersion == report.backupSchemaVersion ? "" : ", migrated to \(report.schemaVersion)"
        let kept = report.replacedCopy ?? "nothing"
        logger.notice(
            "restored \(report.databasePath) from \(report.backupPath) (schema \(report.backupSchemaVersion)\(migrated)); the database it replaced is kept as \(kept)")
        return report
    }
}

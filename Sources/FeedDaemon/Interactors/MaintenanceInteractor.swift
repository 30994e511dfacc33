import FeedEntities
import FeedIPC
import FeedStorage
import Foundation
import Logging

/// Database upkeep: retention after each refresh pass, and `tidings maintenance` (integrity
/// check, retention on request, vacuum).
public struct MaintenanceInteractor: Sendable {
    /// The retention policy in force now (the config can be reloaded while the daemon runs).
    public typealias PolicySource = @Sendable () async -> RetentionPolicy

    private let store: any FeedStore
    private let policy: PolicySource
    private let now: @Sendable () -> Date
    private let logger: Logger

    /// - Parameters:
    ///   - retentionPolicy: read each time `maintain(retention: true)` runs.
    ///   - now: the time item ages are measured from.
    public init(
        store: any FeedStore, retentionPolicy: @escaping PolicySource,
        now: @escaping @Sendable () -> Date = { Date() }, logger: Logger
    ) {
        self.store = store
        self.policy = retentionPolicy
        self.now = now
        self.logger = logger
    }

    /// Deletes the items `policy` lets go, one transaction per feed, and the items of feeds
    /// unsubscribed from that are no longer starred (whatever the policy); a policy without
    /// limits costs one small query. Logs a summary at info level when something was deleted,
    /// each feed at debug.
    /// - Returns: the number of items deleted.
    /// - Throws: the store's errors; `CancellationError` between feeds (the feeds done stay done).
    @discardableResult
    public func applyRetention(_ policy: RetentionPolicy) async throws -> Int {
        let result = try await store.applyRetention(policy, now: now())
        if result.deletedItems > 0 {
            for (feed, count) in result.deletedPerFeed.sorted(by: { $0.key < $1.key }) {
                logger.debug("retention deleted items", metadata: ["feed": "\(feed)", "items": "\(count)"])
            }
            logger.info("retention deleted \(Counted.phrase(result.deletedItems, "item")) from \(Counted.phrase(result.deletedPerFeed.count, "feed"))")
        }
        return result.deletedItems
    }

    /// Checks the database and, when it is sound, applies retention (if asked) and rebuilds the
    /// file (if asked). A database with problems is left as it is: deleting or rewriting pages
    /// of a damaged file can lose what a copy of it could still save.
    /// - Returns: what was found and done; sizes include the write-ahead log.
    /// A database found damaged, by this check or by any read before, gets the report with the
    /// problems and how to restore it; nothing is written to it.
    /// - Throws: the store's errors (the check itself failing, a full disk during VACUUM).
    public func maintain(vacuum: Bool, retention: Bool) async throws -> MaintenanceResult {
        let clock = ContinuousClock()
        let start = clock.now
        let bytesBefore = store.databaseBytes
        var problems = try await store.integrityProblems()
        let damage = store.damage
        // Damage a read ran into that the check did not meet again still stands.
        if problems.isEmpty, let damage { problems = damage.problems }
        var deleted = 0
        if problems.isEmpty {
            if retention { deleted = try await applyRetention(await policy()) }
            if vacuum { try await store.vacuum() }
        } else {
            logger.error("the database failed its integrity check: \(Counted.phrase(problems.count, "problem")), first: \(problems[0])")
        }
        let bytesAfter = store.databaseBytes
        let elapsed = clock.now - start
        let milliseconds = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
        logger.info("maintenance done", metadata: [
            "problems": "\(problems.count)", "deleted": "\(deleted)", "bytesBefore": "\(bytesBefore)",
            "bytesAfter": "\(bytesAfter)", "ms": "\(milliseconds)",
        ])
        return MaintenanceResult(
            problems: problems, retentionApplied: problems.isEmpty && retention, itemsDeleted: deleted,
            vacuumed: problems.isEmpty && vacuum, bytesBefore: bytesBefore, bytesAfter: bytesAfter,
            durationMilliseconds: milliseconds, restoreAdvice: damage?.backupAdvice)
    }
}

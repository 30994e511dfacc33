import FeedEntities
import Foundation
import GRDB

extension SQLiteFeedStore {
    /// See `FeedStore.applyRetention`.
    ///
    /// **Why deleted items stay deleted.** A feed document usually lists its last 10 to 100
    /// entries, and `ItemWriter` stores every listed key it does not hold as a new, unread item.
    /// Deleting an item the feed still lists would bring it back at the next refresh. Two
    /// designs avoid that: never delete what the latest document lists, or remember what was
    /// deleted. The first needs to know, per item, whether the last document listed it: a
    /// `last_listed` column rewritten on every item at every refresh, which is the write load
    /// `ItemWriter` is built to avoid (an unchanged refresh writes nothing), and it would make
    /// `keep_per_feed` useless for feeds that list more items than the cap. So the store keeps a
    /// tombstone per deleted item instead (`item_tombstone`: feed, key, last seen), which
    /// `ItemWriter` consults only for keys it does not hold, and which it drops once no stored
    /// document has listed the key for `ItemWriter.tombstoneGrace` (30 days): the table holds
    /// about what the feeds still list, not every item ever deleted.
    ///
    /// Each feed is one transaction (its items, their search-index rows through the
    /// `item_fts_delete` trigger, and their tombstones), so a kill midway leaves every feed
    /// either untouched or done. Candidates are found on a reader first, so feeds with nothing
    /// to delete never take the writer; each transaction finds its feed's items again, because
    /// a client may have starred or marked one unread meanwhile.
    public func applyRetention(_ policy: RetentionPolicy, now: Date) async throws -> RetentionResult {
        var result = try await pruneRemovedFeeds()
        // Feeds with `keep_per_feed` or `keep_days` of their own go by their own policy.
        let own = try await read("read the feeds' own retention") { db in
            try Row.fetchAll(db, sql: "SELECT id, settings FROM feed WHERE settings IS NOT NULL AND removed_at IS NULL")
                .compactMap { row -> (Int64, RetentionPolicy)? in
                    let settings = Self.storedSettings(row[1])
                    guard settings.keepPerFeed != nil || settings.keepDays != nil else { return nil }
                    return (row[0], policy.overridden(by: settings))
                }
        }
        let overridden = Set(own.map(\.0))
        var feeds: [(Int64, StatementArguments)] = []
        if policy.isEnabled {
            let arguments = Self.retentionArguments(policy, now: now)
            feeds = try await read("find items to delete") { db in
                try Int64.fetchAll(db, sql: """
                    SELECT DISTINCT feed_id FROM (\(Self.retentionCandidates(perFeed: false)))
                    """, arguments: arguments)
            }.filter { !overridden.contains($0) }.map { ($0, arguments) }
        }
        feeds += own.filter { $0.1.isEnabled }.map { ($0.0, Self.retentionArguments($0.1, now: now)) }
        for (feedID, arguments) in feeds {
            try Task.checkCancellation()
            let deleted = try await write("delete old items of feed \(feedID)") { db in
                try Self.deleteOldItems(feedID: feedID, arguments: arguments, at: now.timeIntervalSince1970, db)
            }
            if deleted > 0 {
                result.deletedItems += deleted
                result.deletedPerFeed[feedID, default: 0] += deleted
            }
        }
        return result
    }

    /// Deletes the feed's items the policy lets go and leaves a tombstone for each.
    /// - Returns: the number of items deleted.
    private static func deleteOldItems(feedID: Int64, arguments: StatementArguments, at now: Double, _ db: Database) throws -> Int {
        let doomed = try Row.fetchAll(
            db.cachedStatement(sql: retentionCandidates(perFeed: true)),
            arguments: arguments + [feedID])
        // Most feeds of most passes: nothing to let go, nothing more to read.
        guard !doomed.isEmpty else { return 0 }
        let bury = try db.cachedStatement(sql: """
            INSERT INTO item_tombstone (feed_id, key, last_seen) VALUES (?1, ?2, ?3)
            ON CONFLICT (feed_id, key) DO UPDATE SET last_seen = excluded.last_seen
            """)
        let delete = try db.cachedStatement(sql: "DELETE FROM item WHERE id = ?")
        let doomedIDs = Set(doomed.map { $0[0] as Int64 })
        try handOverCopies(inFeed: feedID, deleting: doomedIDs.contains, db)
        // A feed unsubscribed from is never refreshed again: nothing to remember for it.
        let removed = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT removed_at IS NOT NULL FROM feed WHERE id = ?"), arguments: [feedID]) ?? false
        for row in doomed {
            let id: Int64 = row[0]
            let key: String = row[1]
            if !removed { try bury.execute(arguments: [feedID, key, now]) }
            try delete.execute(arguments: [id])
        }
        if removed { try deleteEmptyRemovedFeed(feedID, db) }
        return doomed.count
    }

    /// `?1` oldest date kept (or NULL), `?2` items kept per feed (or NULL), `?3` keep unread,
    /// `?4` keep starred; `?5` is the feed in the per-feed query.
    private static func retentionArguments(_ policy: RetentionPolicy, now: Date) -> StatementArguments {
        let oldestKept = policy.maximumAge.map { now.timeIntervalSince1970 - Double($0) }
        return [oldestKept, policy.maximumItemsPerFeed, policy.keepUnread, policy.keepStarred]
    }

    /// The items the policy lets go (`id`, `key`, `feed_id`): older than the oldest date kept,
    /// or ranked past the cap in their feed, newest first exactly as listings sort (`sortDate`,
    /// then number), and neither unread nor starred where those are kept. Kept unread and
    /// starred items still count towards the cap: it bounds what a feed holds of the rest.
    private static func retentionCandidates(perFeed: Bool) -> String {
        """
        SELECT id, key, feed_id FROM (
            SELECT id, key, feed_id, is_read, is_starred, \(sortDate) AS date,
                   ROW_NUMBER() OVER (PARTITION BY feed_id ORDER BY \(sortDate) DESC, id DESC) AS rank
            FROM item \(perFeed ? "WHERE feed_id = ?5" : "")
        )
        WHERE ((?1 IS NOT NULL AND date < ?1) OR (?2 IS NOT NULL AND rank > ?2))
          AND NOT (?3 AND is_read = 0) AND NOT (?4 AND is_starred = 1)
        """
    }
}

import FeedEntities
import Foundation
import GRDB

extension SQLiteFeedStore {
    /// Migration "v10": feeds unsubscribed from whose starred items were kept, titles of
    /// imported lists awaiting the feed's own, and stars shared by every copy of an article.
    ///
    /// - `removed_at`: when the user unsubscribed from a feed whose starred items were kept.
    ///   The row stays as long as such items do, so that they keep their feed's title and
    ///   number; it is out of `feeds()`, refreshes, exports and the feed counters, and goes
    ///   when its last item does (`applyRetention`). Subscribing to its URL again brings it back.
    /// - `list_title`: the title another reader's OPML export gave a feed, until the feed's first
    ///   document with a title says whether it was the user's own (`FeedImport.TitleRole`).
    /// - Stars: every copy of an article some copy of which is starred is starred, as
    ///   `setStarred` keeps them (listings show one copy, which must tell the truth).
    @Sendable static func addRemovedFeeds(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE feed ADD COLUMN removed_at REAL;
            ALTER TABLE feed ADD COLUMN list_title TEXT;
            """)
        try shareState(.starred, true, roots: "SELECT COALESCE(duplicate_of, id) FROM item WHERE is_starred = 1", db)
    }

    /// Suffix of the title of a feed unsubscribed from, wherever its kept items name it.
    static let removedFeedMark = " (unsubscribed)"

    /// The title listings show for the feed `alias` names: the user's own, else the document's,
    /// marked when the feed was unsubscribed from.
    static func displayedFeedTitle(_ alias: String) -> String {
        """
        (COALESCE(\(alias).custom_title, \(alias).title) \
        || CASE WHEN \(alias).removed_at IS NULL THEN '' ELSE '\(removedFeedMark)' END)
        """
    }

    /// See `FeedStore.removeFeed`. One transaction: the items go (their search rows through
    /// the delete trigger), each article the feed brought first to other feeds too stays listed
    /// through its oldest remaining copy, and the kept items stay with the feed's row, marked
    /// removed, without tags, tombstones or validators.
    public func removeFeed(id: Int64, keepStarred: Bool) async throws -> FeedRemoval? {
        try await write("remove feed \(id)") { db in try Self.removeFeed(id: id, keepStarred: keepStarred, db) }
    }

    /// `removeFeed(id:keepStarred:)` inside the caller's transaction.
    static func removeFeed(id: Int64, keepStarred: Bool, _ db: Database) throws -> FeedRemoval? {
        guard let feed = try Self.fetchFeed(id: id, db) else { return nil }
        // Starred items, unless the same article stays in another feed (starred too: stars
        // are shared by the copies), which lists it; a copy a rule hid lists nothing.
        let kept = keepStarred ? try Set(Int64.fetchAll(db, sql: """
            SELECT id FROM item AS kept
            WHERE feed_id = ?1 AND is_starred = 1
              AND NOT EXISTS (
                  SELECT 1 FROM item AS other
                  WHERE other.feed_id <> ?1 AND other.is_hidden = 0
                    AND (other.id = COALESCE(kept.duplicate_of, kept.id)
                         OR other.duplicate_of = COALESCE(kept.duplicate_of, kept.id)))
            """, arguments: [id])) : []
        try Self.handOverCopies(inFeed: id, deleting: { !kept.contains($0) }, db)
        try db.execute(
            sql: "DELETE FROM item WHERE feed_id = ? AND id NOT IN (\(kept.map(String.init).joined(separator: ",")))",
            arguments: [id])
        let deleted = db.changesCount
        if kept.isEmpty {
            try db.execute(sql: "DELETE FROM feed WHERE id = ?", arguments: [id])
        } else {
            try db.execute(sql: """
                UPDATE feed SET removed_at = ?2, next_check = NULL, etag = NULL, last_modified = NULL,
                                moved_to = NULL, list_title = NULL
                WHERE id = ?1
                """, arguments: [id, Date().timeIntervalSince1970])
            try db.execute(sql: "DELETE FROM feed_tag WHERE feed_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM item_tombstone WHERE feed_id = ?", arguments: [id])
        }
        return FeedRemoval(feed: feed, deletedItems: deleted, keptItems: kept.count)
    }

    /// The retention every pass gets, whatever the policy: the items of feeds unsubscribed from
    /// that are no longer starred (`tidings unstar` on a kept item) are deleted, and such a
    /// feed with its last item. One transaction per feed, as `applyRetention`.
    /// - Returns: what was deleted (items; the feeds go uncounted).
    func pruneRemovedFeeds() async throws -> RetentionResult {
        let feeds = try await read("find feeds unsubscribed from") { db in
            try Int64.fetchAll(db, sql: """
                SELECT id FROM feed
                WHERE removed_at IS NOT NULL
                  AND (NOT EXISTS (SELECT 1 FROM item WHERE feed_id = feed.id AND is_starred = 1)
                       OR EXISTS (SELECT 1 FROM item WHERE feed_id = feed.id AND is_starred = 0))
                """)
        }
        var result = RetentionResult()
        for feedID in feeds {
            try Task.checkCancellation()
            let deleted = try await write("delete unstarred items of feed \(feedID), unsubscribed from") { db in
                // Subscribed to again since the read above: its items are a live feed's again.
                guard try Bool.fetchOne(db, sql: "SELECT removed_at IS NOT NULL FROM feed WHERE id = ?", arguments: [feedID]) == true
                else { return 0 }
                let doomed = try Set(Int64.fetchAll(
                    db, sql: "SELECT id FROM item WHERE feed_id = ? AND is_starred = 0", arguments: [feedID]))
                try Self.handOverCopies(inFeed: feedID, deleting: doomed.contains, db)
                try db.execute(sql: "DELETE FROM item WHERE feed_id = ? AND is_starred = 0", arguments: [feedID])
                try Self.deleteEmptyRemovedFeed(feedID, db)
                return doomed.count
            }
            if deleted > 0 {
                result.deletedItems += deleted
                result.deletedPerFeed[feedID] = deleted
            }
        }
        return result
    }

    /// Deletes the row of a feed unsubscribed from once it holds no item.
    static func deleteEmptyRemovedFeed(_ feedID: Int64, _ db: Database) throws {
        try db.execute(sql: """
            DELETE FROM feed WHERE id = ? AND removed_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM item WHERE feed_id = feed.id)
            """, arguments: [feedID])
    }

    /// Before items of a feed are deleted: each one that other feeds' copies point at
    /// (`duplicate_of`) hands its place to the oldest copy that stays, so that the article is
    /// still listed once rather than once per copy. Copies of the feed's own items are found
    /// through the `item_duplicates` index.
    /// - Parameter deleting: whether an item of the feed is about to be deleted.
    static func handOverCopies(inFeed feedID: Int64, deleting isDeleted: (Int64) -> Bool, _ db: Database) throws {
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: """
                SELECT copy.id, copy.duplicate_of, copy.feed_id FROM item AS original
                JOIN item AS copy ON copy.duplicate_of = original.id
                WHERE original.feed_id = ? ORDER BY copy.id
                """),
            arguments: [feedID])
        var successor: [Int64: Int64] = [:]
        for row in rows {
            let copy: Int64 = row[0], original: Int64 = row[1], copyFeed: Int64 = row[2]
            // A copy in the same feed (a feed listing one article twice) may be going too.
            let stays = copyFeed != feedID || !isDeleted(copy)
            if stays, isDeleted(original), successor[original] == nil { successor[original] = copy }
        }
        let promote = try db.cachedStatement(sql: "UPDATE item SET duplicate_of = NULL WHERE id = ?")
        let repoint = try db.cachedStatement(sql: "UPDATE item SET duplicate_of = ?1 WHERE duplicate_of = ?2 AND id <> ?1")
        for (original, copy) in successor {
            try promote.execute(arguments: [copy])
            try repoint.execute(arguments: [copy, original])
        }
    }
}

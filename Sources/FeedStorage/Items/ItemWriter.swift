import FeedEntities
import Foundation
import GRDB

/// Stores the items of one parsed document for one feed (`PreparedItem`), inside the caller's
/// transaction.
///
/// New items are inserted, unless they are stored items under a new guid
/// (ItemWriter+GUIDMigration.swift); known items (same `ParsedItem.storeKey` in the same feed) get their
/// text, dates and lists rewritten only when one of them changed, so an unchanged refresh
/// writes nothing; a changed item is queued for the search index again (`indexed = 0`). Read
/// and starred state are never touched. Both statements are prepared once per
/// connection (GRDB's statement cache) and reused for every item.
///
/// An item that retention deleted is not stored again while the feed lists it: its key has a
/// tombstone (`item_tombstone`), which each document that lists it keeps alive; tombstones no
/// stored document has listed for `tombstoneGrace` are dropped here (see `applyRetention`).
struct ItemWriter {
    /// How long a tombstone outlives the last document that listed its key. Longer than any
    /// plausible glitch (a truncated or briefly reordered feed), so a deleted item does not
    /// return as new when the feed shows it again a few refreshes later.
    static let tombstoneGrace: Double = 30 * 86400
    /// A listed tombstone's `last_seen` is moved forward only once it is this old, so that
    /// refreshes of a feed that keeps listing deleted items do not rewrite their rows every time.
    static let tombstoneRefresh: Double = 86400

    let db: Database
    let feedID: Int64
    /// `first_seen` of the items inserted now (seconds since 1970).
    let firstSeen: Double
    /// Rules applied to each item inserted now (`RuleRunner`); none by default.
    var rules = RuleSet()

    /// Stores the items of a document (`PreparedItem.prepare`) in the feed.
    ///
    /// Items are inserted from the end of the document to its start, so the item the feed shows
    /// first gets the highest number; undated items, which all share one `first_seen`, then
    /// list in document order under "newest first" (first seen desc, then number desc).
    /// - Returns: the number of items stored for the first time (tombstoned ones are not).
    func store(_ items: [PreparedItem]) throws -> Int {
        guard !items.isEmpty else {
            try pruneTombstones()
            return 0
        }

        // Known items are looked up rather than found by a failing insert: with AUTOINCREMENT,
        // an `INSERT … ON CONFLICT DO NOTHING` that conflicts still uses up a number, so every
        // refresh of a changed feed would make the numbers users type grow by its whole length.
        let find = try db.cachedStatement(sql: "SELECT 1 FROM item WHERE feed_id = ? AND key = ?")
        let tombstone = try db.cachedStatement(sql: "SELECT last_seen FROM item_tombstone WHERE feed_id = ? AND key = ?")
        // Most feeds have no tombstones (retention is off by default): one look, not one per new item.
        let hasTombstones = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM item_tombstone WHERE feed_id = ?)"),
            arguments: [feedID]) ?? false
        // A feed without items yet (its first document: a cold pass is all such feeds) knows no
        // key, so each item is new without a look-up.
        let hasItems = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM item WHERE feed_id = ?)"), arguments: [feedID]) ?? true
        let touchTombstone = try db.cachedStatement(sql: "UPDATE item_tombstone SET last_seen = ? WHERE feed_id = ? AND key = ?")
        // ?1 is the feed and ?2 ... ?11 the item's columns (`PreparedItem.columns`) in both
        // statements; ?12 is first_seen on insert (and ?13 ... ?16 the same article in another
        // feed: `duplicate`), the canonical link on update, so an item whose link changed is
        // found under its new link by copies arriving later.
        let insert = try db.cachedStatement(sql: """
            INSERT INTO item (feed_id, key, guid, title, link, author, published, updated,
                              html, categories, enclosures, first_seen,
                              canonical_link, duplicate_of, is_read, is_starred)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)
            """)
        let update = try db.cachedStatement(sql: Self.updateIfChanged)

        let lookUps = try duplicateLookUps()
        var migration = GUIDMigration(documentKeys: Set(items.map(\.key)))
        let ruleRunner = try RuleRunner(db: db, feedID: feedID, rules: rules)  // rules: new items only
        let feed: StatementArguments = [feedID]
        var inserted = 0, insertedUnread = 0
        for prepared in items.reversed() {
            let key = prepared.key
            if try !hasItems || Bool.fetchOne(find, arguments: [feedID, key]) == nil {
                // Looked up only for keys not stored, so a refresh of known items pays nothing.
                if hasTombstones, let lastSeen = try Double.fetchOne(tombstone, arguments: [feedID, key]) {
                    if lastSeen < firstSeen - Self.tombstoneRefresh {
                        try touchTombstone.execute(arguments: [firstSeen, feedID, key])
                    }
                    continue
                }
                // The same article under a new guid (a site's new engine): the stored item
                // takes the new key, keeping its number and its read, starred and tag state.
                if hasItems, try rekeyMigrated(prepared, &migration) {
                    try update.execute(arguments: feed + prepared.columns + [prepared.canonicalLink])
                    continue
                }
                let duplicate = try duplicate(of: prepared, lookUps)
                try insert.execute(arguments: feed + prepared.columns + [
                    firstSeen, prepared.canonicalLink, duplicate.original, duplicate.originalRead, duplicate.originalStarred,
                ])
                inserted += 1
                if !duplicate.originalRead { insertedUnread += 1 }
                // After the count above: what a rule changes, the feed's counter triggers count.
                try ruleRunner?.apply(to: db.lastInsertedRowID, prepared.item)
            } else {
                // first_seen is kept from the first time.
                try update.execute(arguments: feed + prepared.columns + [prepared.canonicalLink])
            }
        }
        if hasTombstones { try pruneTombstones() }
        try countInFeed(inserted: inserted, unread: insertedUnread)
        return inserted
    }

    /// Rewrites the known item with key ?2 in feed ?1 with the columns ?3 ... ?11
    /// (`PreparedItem.columns`) and the canonical link ?12, when one of them changed, and marks
    /// it for the search index again. The HTML is compared as text (`stored_html_same`): the
    /// same text compressed with another dictionary is no change.
    static let updateIfChanged = """
        UPDATE item
        SET guid = ?3, title = ?4, link = ?5, author = ?6, published = ?7, updated = ?8,
            html = ?9, categories = ?10, enclosures = ?11, indexed = 0, canonical_link = ?12
        WHERE feed_id = ?1 AND key = ?2
          AND (guid IS NOT ?3 OR title IS NOT ?4 OR link IS NOT ?5 OR author IS NOT ?6
               OR published IS NOT ?7 OR updated IS NOT ?8 OR NOT stored_html_same(html, ?9)
               OR categories IS NOT ?10 OR enclosures IS NOT ?11)
        """

    /// Adds the items inserted now to the feed's counters (`SQLiteFeedStore.addFeedCounters`),
    /// once per document: a trigger per inserted row cost a cold pass of 22,740 items 0.4 s.
    func countInFeed(inserted: Int, unread: Int) throws {
        guard inserted > 0 else { return }
        try db.cachedStatement(sql: "UPDATE feed SET item_count = item_count + ?, unread_count = unread_count + ? WHERE id = ?")
            .execute(arguments: [inserted, unread, feedID])
    }

    /// Drops the feed's tombstones that no document has listed for `tombstoneGrace`. Runs only
    /// when a document is stored: a feed answering 304 still lists what its last document did.
    private func pruneTombstones() throws {
        try db.cachedStatement(sql: "DELETE FROM item_tombstone WHERE feed_id = ? AND last_seen < ?")
            .execute(arguments: [feedID, firstSeen - Self.tombstoneGrace])
    }
}

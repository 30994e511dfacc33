import FeedEntities
import GRDB

extension ItemWriter {
    /// What one document's items have matched so far (`rekeyMigrated`).
    struct GUIDMigration {
        /// The keys the document lists: a stored item still listed under its own key is that
        /// item, not an old name of a new one.
        let documentKeys: Set<String>
        /// Stored items already given a new key by this document: one each.
        var rekeyed: Set<Int64> = []
    }

    /// When the new item `prepared` is an article the feed already has under another key — a
    /// site that moved to a new engine gives every entry a new guid, with the same links,
    /// titles and dates — gives the stored item the new key and guid and returns `true`, so
    /// that the caller updates it instead of adding an unread copy. Read, starred and tag
    /// state and the item's number stay.
    ///
    /// The stored item must have the same canonical link, the same title and no other date
    /// (an item without a date agrees with any), and the document must no longer list its
    /// own key: many feeds give several entries one link (a podcast's homepage), each its own
    /// title, and a feed replacing its whole list with new articles has new links. One stored
    /// item takes one new key. One indexed look-up per new item with a link; known items never
    /// come here.
    func rekeyMigrated(_ prepared: PreparedItem, _ migration: inout GUIDMigration) throws -> Bool {
        guard let canonical = prepared.canonicalLink else { return false }
        let candidates = try Row.fetchCursor(
            db.cachedStatement(sql: """
                SELECT id, key, title, published, updated FROM item
                WHERE canonical_link = ?1 AND feed_id = ?2 ORDER BY id
                """),
            arguments: [canonical, feedID])
        let title = StoredText.bounded(prepared.item.title)
        let published = prepared.item.published?.timeIntervalSince1970
        let updated = prepared.item.updated?.timeIntervalSince1970
        while let row = try candidates.next() {
            let id: Int64 = row[0], key: String = row[1]
            guard !migration.documentKeys.contains(key), !migration.rekeyed.contains(id),
                  (row[2] as String?) == title,
                  Self.agree(row[3], published), Self.agree(row[4], updated)
            else { continue }
            try db.cachedStatement(sql: "UPDATE item SET key = ? WHERE id = ?").execute(arguments: [prepared.key, id])
            migration.rekeyed.insert(id)
            return true
        }
        return false
    }

    /// Whether two dates of one article agree: the same second, or one of them unknown.
    private static func agree(_ stored: Double?, _ parsed: Double?) -> Bool {
        guard let stored, let parsed else { return true }
        return abs(stored - parsed) < 1
    }
}

import GRDB

extension SQLiteFeedStore {
    /// The same article through several feeds (migration "v6"): each item keeps its canonical
    /// link (`CanonicalLink`), and an item that arrived after the same article in another feed
    /// points at that first one (`duplicate_of`). Listings that are not about one feed show the
    /// first one only, naming the others' feeds; marking it read marks them all.
    ///
    /// Items stored before this migration are linked here, in the order they were stored, as
    /// the item writer would have. Deleting an original (retention, unsubscribing) leaves its
    /// copies as items of their own (`ON DELETE SET NULL`).
    @Sendable static func addDuplicates(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE item ADD COLUMN canonical_link TEXT;
            ALTER TABLE item ADD COLUMN duplicate_of INTEGER REFERENCES item(id) ON DELETE SET NULL;
            CREATE INDEX item_by_canonical_link ON item (canonical_link) WHERE canonical_link IS NOT NULL;
            CREATE INDEX item_by_guid ON item (guid) WHERE guid IS NOT NULL;
            CREATE INDEX item_duplicates ON item (duplicate_of) WHERE duplicate_of IS NOT NULL;
            """)
        var byLink: [String: (id: Int64, feed: Int64)] = [:]
        var byGUID: [String: (id: Int64, feed: Int64)] = [:]
        let update = try db.makeStatement(sql: "UPDATE item SET canonical_link = ?, duplicate_of = ? WHERE id = ?")
        let rows = try Row.fetchCursor(db, sql: "SELECT id, feed_id, link, guid FROM item ORDER BY id")
        while let row = try rows.next() {
            let id: Int64 = row[0], feed: Int64 = row[1]
            let link: String? = row[2], guid: String? = row[3]
            let canonical = CanonicalLink.key(for: link)
            var original: Int64?
            if let canonical, let first = byLink[canonical], first.feed != feed { original = first.id }
            if original == nil, CanonicalLink.isGlobalGUID(guid), let guid, let first = byGUID[guid], first.feed != feed {
                original = first.id
            }
            if let canonical, byLink[canonical] == nil { byLink[canonical] = (original ?? id, feed) }
            if CanonicalLink.isGlobalGUID(guid), let guid, byGUID[guid] == nil { byGUID[guid] = (original ?? id, feed) }
            if canonical != nil || original != nil { try update.execute(arguments: [canonical, original, id]) }
        }
    }
}

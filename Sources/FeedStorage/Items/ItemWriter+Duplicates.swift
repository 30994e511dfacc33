import GRDB

extension ItemWriter {
    /// The first item of the same article in another feed, if any, with its state.
    struct Duplicate {
        /// The original: the item listings show.
        var original: Int64?
        /// Whether that original was read: a copy of an article read elsewhere arrives read.
        var originalRead: Bool
        /// Whether it was starred: a copy of an article starred elsewhere arrives starred.
        var originalStarred: Bool
    }

    /// Looks for the same article in the other feeds: the same canonical link, else the same
    /// guid when the guid is a URI (`CanonicalLink.isGlobalGUID`). At most two indexed look-ups
    /// per new item, each giving the original (a row found through a copy names its original)
    /// with its state; known items never come here. The kept items of a feed unsubscribed from
    /// are no original for a live feed's new item, which is listed by itself beside them rather
    /// than under the removed feed's title.
    func duplicate(of item: PreparedItem, _ lookUps: DuplicateLookUps) throws -> Duplicate {
        if let canonical = item.canonicalLink, let found = try original(lookUps.byCanonicalLink, matching: canonical) {
            return found
        }
        if let guid = item.guid, CanonicalLink.isGlobalGUID(guid), let found = try original(lookUps.byGUID, matching: guid) {
            return found
        }
        return Duplicate(original: nil, originalRead: false, originalStarred: false)
    }

    /// The statements of `duplicate`, taken from the connection's cache once per document: the
    /// cache finds a statement by hashing its whole SQL text.
    struct DuplicateLookUps {
        let byCanonicalLink: Statement
        let byGUID: Statement
    }

    func duplicateLookUps() throws -> DuplicateLookUps {
        DuplicateLookUps(
            byCanonicalLink: try db.cachedStatement(sql: Self.originalByCanonicalLink),
            byGUID: try db.cachedStatement(sql: Self.originalByGUID))
    }

    /// The first row of `statement` for `value`, read in place (a cursor's row is not copied
    /// the way `Row.fetchOne` copies it).
    private func original(_ statement: Statement, matching value: String) throws -> Duplicate? {
        let rows = try Row.fetchCursor(statement, arguments: [value, feedID])
        guard let row = try rows.next() else { return nil }
        return Duplicate(original: row[0], originalRead: row[1], originalStarred: row[2])
    }

    /// The look-ups of `duplicate`, built once rather than for every new item.
    private static let originalByCanonicalLink = originalSQL(matching: "canonical_link")
    private static let originalByGUID = originalSQL(matching: "guid")

    /// The original (id, read, starred) of the first item of another live feed whose `column`
    /// is `?1`; `?2` is the feed storing.
    private static func originalSQL(matching column: String) -> String {
        """
        SELECT original.id, original.is_read, original.is_starred FROM item AS match
        JOIN item AS original ON original.id = COALESCE(match.duplicate_of, match.id)
        JOIN feed ON feed.id = original.feed_id
        WHERE match.\(column) = ?1 AND match.feed_id <> ?2 AND feed.removed_at IS NULL
        ORDER BY match.id LIMIT 1
        """
    }
}

import GRDB

extension ItemWriter {
    /// What a new item shares with items of other feeds.
    struct Duplicate {
        /// The item's canonical link (`CanonicalLink`), stored for later arrivals to find.
        var canonicalLink: String?
        /// The first item of the same article in another feed, if any: the one listings show.
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
    func duplicate(link: String?, guid: String?) throws -> Duplicate {
        let canonical = CanonicalLink.key(for: link)
        var found: Row?
        if let canonical {
            found = try Row.fetchOne(db.cachedStatement(sql: Self.originalByCanonicalLink), arguments: [canonical, feedID])
        }
        if found == nil, CanonicalLink.isGlobalGUID(guid) {
            found = try Row.fetchOne(db.cachedStatement(sql: Self.originalByGUID), arguments: [guid, feedID])
        }
        guard let found else {
            return Duplicate(canonicalLink: canonical, original: nil, originalRead: false, originalStarred: false)
        }
        return Duplicate(canonicalLink: canonical, original: found[0], originalRead: found[1], originalStarred: found[2])
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

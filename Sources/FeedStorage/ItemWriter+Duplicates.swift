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
    /// guid when the guid is a URI (`CanonicalLink.isGlobalGUID`). Two indexed look-ups per new
    /// item; known items never come here.
    func duplicate(link: String?, guid: String?) throws -> Duplicate {
        let canonical = CanonicalLink.key(for: link)
        var found: Row?
        if let canonical {
            found = try Row.fetchOne(
                db.cachedStatement(sql: """
                    SELECT COALESCE(duplicate_of, id), is_read FROM item
                    WHERE canonical_link = ? AND feed_id <> ? ORDER BY id LIMIT 1
                    """),
                arguments: [canonical, feedID])
        }
        if found == nil, CanonicalLink.isGlobalGUID(guid) {
            found = try Row.fetchOne(
                db.cachedStatement(sql: """
                    SELECT COALESCE(duplicate_of, id), is_read FROM item
                    WHERE guid = ? AND feed_id <> ? ORDER BY id LIMIT 1
                    """),
                arguments: [guid, feedID])
        }
        guard let found else {
            return Duplicate(canonicalLink: canonical, original: nil, originalRead: false, originalStarred: false)
        }
        let original: Int64 = found[0]
        // The original's own state (a row found through a copy names the original's id).
        let state = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT is_read, is_starred FROM item WHERE id = ?"), arguments: [original])
        return Duplicate(
            canonicalLink: canonical, original: original,
            originalRead: state?[0] ?? false, originalStarred: state?[1] ?? false)
    }
}

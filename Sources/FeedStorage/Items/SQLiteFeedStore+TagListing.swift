import FeedEntities
import GRDB

extension SQLiteFeedStore {
    /// How a listing by tag finds its items. Which is faster depends on the tag's share of the
    /// items: at 1,000,000 items, a tag on 100 of 5,000 feeds lists its newest 50 in 1 ms either
    /// way; one feed's tag takes 12 ms in the date order and 0.3 ms feed by feed; a tag on 80%
    /// of the feeds 2 ms in the date order and 30–120 ms feed by feed (bench/RESULTS.md). SQLite,
    /// left to choose, gathered every tagged item through the two tag look-ups and sorted them
    /// all: 16 ms for the first tag, 1.2 s for the last.
    enum TagAccess: Sendable {
        /// Walk the listing's date order, testing each item's tags: about `limit / share`
        /// items are read, for a tag on a `share` of them.
        case dateOrder
        /// Gather the newest `limit` items of the tagged feeds from `item_by_feed` and of the
        /// tagged items, then take the newest `limit` of both: `share × items` are read.
        case feedByFeed
    }

    /// The cheaper `TagAccess` for `query`, from the feed counters: the date order when
    /// `limit / share` is at most `share × items`. A listing without a limit reads every
    /// tagged item either way, in the date order.
    static func tagAccess(_ query: ItemQuery, _ db: Database) throws -> TagAccess {
        guard let tag = query.tag, let limit = query.limit else { return .dateOrder }
        let counter = query.unreadOnly ? "unread_count" : "item_count"
        let statement = try db.cachedStatement(sql: """
            SELECT (SELECT TOTAL(\(counter)) FROM feed WHERE id IN (SELECT feed_id FROM feed_tag WHERE tag = ?1))
                       + (SELECT COUNT(*) FROM item_tag WHERE tag = ?1),
                   (SELECT TOTAL(\(counter)) FROM feed)
            """)
        guard let row = try Row.fetchOne(statement, arguments: [tag]) else { return .dateOrder }
        let tagged: Double = row[0], total: Double = row[1]
        return tagged * tagged >= Double(limit) * total ? .dateOrder : .feedByFeed
    }

    /// A listing by `tag` fetched `TagAccess.feedByFeed`: the numbers of the first `query.limit`
    /// items in `order` of the tagged feeds and of the tagged items, each found through its
    /// index (`item_by_feed`, `item_tag_by_tag`) and limited there, merged, limited again; then
    /// only those items' rows are read. `conditions` are the listing's others.
    static func tagListing(
        tag: String, conditions: [String], arguments: StatementArguments, order: ListingOrder, _ query: ItemQuery
    ) -> (sql: String, arguments: StatementArguments) {
        let others = conditions.map { " AND " + $0 }.joined()
        let bound = query.limit ?? -1
        let candidates = """
            SELECT id, date FROM (
                SELECT item.id AS id, \(sortDate) AS date FROM item
                WHERE item.feed_id IN (SELECT feed_id FROM feed_tag WHERE tag = ?)\(others)
                ORDER BY \(order.overColumns) LIMIT ?)
            UNION
            SELECT id, date FROM (
                SELECT item.id AS id, \(sortDate) AS date FROM item
                WHERE item.id IN (SELECT item_id FROM item_tag WHERE tag = ?)\(others)
                ORDER BY \(order.overColumns) LIMIT ?)
            ORDER BY \(order.overColumns) LIMIT ?
            """
        let sql = itemSelect(includeContent: query.includeContent)
            + " WHERE item.id IN (SELECT id FROM (\(candidates)))"
            + " ORDER BY \(order.sql) LIMIT ?"
        var all: StatementArguments = [tag]
        all += arguments
        all += [bound, tag]
        all += arguments
        all += [bound, bound, bound]
        return (sql, all)
    }

    /// `items(query)` with a listing by tag found `access`, to compare the two ways.
    func items(_ query: ItemQuery, tagAccess access: TagAccess) async throws -> [Item] {
        try await read("list items") { db in
            try Self.listedItems(query, db, reader: itemRowReader(), tagAccess: access)
        }
    }

    /// The way `items(query)` finds the items of a listing by tag.
    func tagAccess(of query: ItemQuery) async throws -> TagAccess {
        try await read("explain the listing") { db in try Self.tagAccess(query, db) }
    }
}

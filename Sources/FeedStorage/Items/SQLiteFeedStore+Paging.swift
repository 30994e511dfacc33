import FeedEntities
import Foundation
import GRDB

extension SQLiteFeedStore {
    /// Migration "v12": what a listing's position is counted from. Listings leave out hidden
    /// items and copies of an article, columns that sit behind the item's content in its row,
    /// so counting them row by row reads every item's content (100 ms at 100,000 items); this
    /// partial index holds the listed items with every column the filters test, in the
    /// listing's order, and counts them in a few milliseconds.
    @Sendable static func addListingPositionIndex(_ db: Database) throws {
        try db.execute(sql: """
            CREATE INDEX item_listed_by_date ON item (\(sortDate) DESC, id DESC, is_read, is_starred, feed_id)
                WHERE is_hidden = 0 AND duplicate_of IS NULL;
            """)
    }

    /// See `FeedStore.itemPage`. The position costs one more statement: a `COUNT` over the
    /// listing's filters, counting on the way the items on the anchor's far side
    /// (`positionCounts`).
    public func itemPage(_ query: ItemQuery, withPosition: Bool) async throws -> ItemPage {
        let query = query.liftingFilterTerms()
        return try await readSearching("list items", searching: query.match != nil || query.filter != nil) { db in
            let anchor = try Self.anchor(of: query, db)
            if let id = query.listedAfter ?? query.listedBefore, anchor == nil { throw FeedStoreError.itemNotFound(id) }
            let items = try Self.listedItems(query, db, reader: itemRowReader(), accesses: fullTextAccesses)
            guard withPosition else { return ItemPage(items: items) }
            return ItemPage(items: items, position: try Self.position(of: items, in: query, anchor: anchor, db))
        }
    }

    /// How SQLite counts the position of a page of `query` (the `detail` lines of EXPLAIN
    /// QUERY PLAN), to check that the count reads an index.
    func positionQueryPlan(_ query: ItemQuery) async throws -> String {
        try await read("explain the count") { db in
            let (sql, arguments) = Self.positionCounts(query, anchor: try Self.anchor(of: query, db))
            let rows = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments)
            return rows.map { $0["detail"] as String? ?? "" }.joined(separator: "\n")
        }
    }

    /// Where `items`, the page `listing(query)` returned, lies in the whole listing.
    private static func position(
        of items: [Item], in query: ItemQuery, anchor: ListingAnchor?, _ db: Database
    ) throws -> ItemPage.Position {
        let total: Int, beyond: Int
        if let waiting = try waitingTotal(query, db) {
            (total, beyond) = (waiting, 0)
        } else {
            let (sql, arguments) = positionCounts(query, anchor: anchor)
            let row = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
            (total, beyond) = (row?[0] ?? 0, row?[1] ?? 0)
        }
        let offset: Int
        if query.listedAfter != nil {
            // `beyond` counts the items below the anchor; the page starts with the first of them.
            offset = total - beyond
        } else if query.listedBefore != nil {
            // `beyond` counts the items above the anchor; the page ends with the last of them.
            offset = beyond - items.count
        } else if query.fromEnd {
            offset = total - items.count
        } else {
            offset = 0
        }
        return ItemPage.Position(total: total, offset: offset)
    }

    /// The length of the listing of every unread item (the reader's first count, and its "All
    /// unread"), from the feeds' counters rather than by counting its entries in
    /// `item_listed_by_date` (8 ms at 100,000 items): the counters hold each feed's unread
    /// items no rule hid, copies included; the listing leaves the copies out, which are few
    /// and found through their own partial index. `nil` for any other listing, and for a page
    /// after or before an item, whose far side is counted all the same.
    static func waitingTotal(_ query: ItemQuery, _ db: Database) throws -> Int? {
        guard query.unreadOnly, !query.starredOnly, !query.includeHidden, query.feedID == nil, query.tag == nil,
              query.since == nil, query.match == nil, query.filter == nil, query.listedAfter == nil, query.listedBefore == nil
        else { return nil }
        return try Int.fetchOne(db.cachedStatement(sql: """
            SELECT (SELECT COALESCE(SUM(unread_count), 0) FROM feed)
                 - (SELECT COUNT(*) FROM item WHERE duplicate_of IS NOT NULL AND is_read = 0 AND is_hidden = 0)
            """)) ?? 0
    }

    /// A `COUNT` of the whole listing (`filter(query)`), and of its items on the far side of
    /// `anchor`: below `listedAfter`, above `listedBefore` (0 without one). The listing's join
    /// with `feed` is left out: every item has its feed. Listings across feeds without hidden
    /// items, the ones of 100,000 items, are counted in `item_listed_by_date` (without reading
    /// the items' rows); starred items in their own small index; a feed's listing (copies
    /// included) in `item_by_feed`, as SQLite chooses.
    /// - Parameter second: what the second column counts instead of the far side, when there
    ///   is no anchor (a saved view's unread items: `SavedViewStore.counts`).
    static func positionCounts(
        _ query: ItemQuery, anchor: ListingAnchor?, second: String = "0"
    ) -> (sql: String, arguments: StatementArguments) {
        var (conditions, arguments) = filter(query)
        var beyond = second
        var anchorArguments: StatementArguments = []
        if let anchor, query.listedAfter != nil || query.listedBefore != nil {
            beyond = "COUNT(CASE WHEN \(listedRelative(query.listedAfter != nil ? .after : .before, query.order)) THEN 1 END)"
            anchorArguments = listedRelativeArguments(anchor, query.order)
        }
        if conditions.isEmpty { conditions = ["1"] }
        // The index's own condition is among the filters exactly then. SQLite, without
        // statistics, would rather read every row, or count the few starred items in the
        // listing's index of all items.
        var index = ""
        if !query.includeHidden && query.feedID == nil {
            index = query.starredOnly ? " INDEXED BY item_starred_by_date" : " INDEXED BY item_listed_by_date"
        }
        return (
            "SELECT COUNT(*), \(beyond) FROM item\(index) WHERE \(conditions.joined(separator: " AND "))",
            anchorArguments + arguments)
    }
}

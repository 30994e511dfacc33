import FeedEntities
import Foundation
import GRDB

extension SQLiteFeedStore {
    /// See `FeedStore.items`. Newest first by published, else updated, else first seen, then by
    /// number (higher first). Without `includeContent`, `summary` and `content` are not even
    /// read from the database (nor decompressed), which keeps listings of thousands of items
    /// cheap.
    ///
    /// A `limit` of 0 or less returns no items.
    ///
    /// - Throws: `FeedStoreError.invalidSearch` when `query.match` is not a valid FTS5 query.
    public func items(_ query: ItemQuery) async throws -> [Item] {
        if let limit = query.limit, limit <= 0 { return [] }
        let query = query.liftingFilterTerms()
        return try await readSearching("list items", searching: query.match != nil || query.filter != nil) { db in
            try Self.listedItems(query, db, reader: itemRowReader(), accesses: fullTextAccesses)
        }
    }

    /// The items of `listing(query)`, newest first; none for a `limit` of 0 or less.
    /// - Parameter access: how a listing by tag finds its items; by default the cheaper way
    ///   (`tagAccess(_:_:)`).
    /// - Parameters:
    ///   - forced: how a full-text condition is joined (`FullTextAccess`), instead of the
    ///     cheaper way; for tests that compare them.
    ///   - accesses: the ways chosen lately, which are not counted again.
    static func listedItems(
        _ query: ItemQuery, _ db: Database, reader: ItemRowReader, tagAccess access: TagAccess? = nil,
        fullTextAccess forced: FullTextAccess? = nil, accesses: FullTextAccessCache? = nil
    ) throws -> [Item] {
        if let limit = query.limit, limit <= 0 { return [] }
        let anchor = try anchor(of: query, db)
        // An anchor that names no item: nothing is listed after or before it.
        if anchor == nil && (query.listedAfter != nil || query.listedBefore != nil) { return [] }
        var fullText = try forced ?? fullTextAccess(query, db, cache: accesses)
        // Asking the index about each item, the date order walked asks it least: a tag's
        // feeds one by one would ask it a page's worth for each feed.
        let tags = try access ?? (fullText == .askingEach ? .dateOrder : tagAccess(query, db))
        // The tag's feeds one by one take their own way (`tagListing`).
        if query.tag != nil, tags == .feedByFeed { fullText = nil }
        let (sql, arguments) = listing(query, anchor: anchor, tagAccess: tags, fullText: fullText)
        let statement = try db.cachedStatement(sql: sql)
        var items: [Item] = []
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() {
            items.append(try reader.item(from: row, includeContent: query.includeContent))
        }
        return readsUpwards(query) ? items.reversed() : items
    }

    /// How SQLite runs the listing of `query` (the `detail` lines of EXPLAIN QUERY PLAN), to
    /// check that listings walk an index instead of sorting.
    func queryPlan(_ query: ItemQuery) async throws -> String {
        try await read("explain the listing") { db in
            let (sql, arguments) = Self.listing(
                query, anchor: try Self.anchor(of: query, db) ?? ListingAnchor(date: 0, id: 0), tagAccess: try Self.tagAccess(query, db))
            let rows = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments)
            return rows.map { $0["detail"] as String? ?? "" }.joined(separator: "\n")
        }
    }

    /// See `FeedStore.item(id:)`: the item with its summary and content.
    public func item(id: Int64) async throws -> Item? {
        try await read("read item \(id)") { db in
            let statement = try db.cachedStatement(sql: Self.itemSelect(includeContent: true) + " WHERE item.id = ?")
            let reader = itemRowReader()
            return try Row.fetchOne(statement, arguments: [id]).map { try reader.item(from: $0, includeContent: true) }
        }
    }

    /// See `FeedStore.markRead`. Counts only items whose state changed: marking a read item
    /// read again, repeating a number or naming an unknown one adds nothing.
    public func markRead(ids: [Int64], read: Bool) async throws -> Int {
        if ids.isEmpty { return 0 }
        return try await write("mark \(Counted.phrase(ids.count, "item")) \(read ? "read" : "unread")") { db in
            let statement = try db.cachedStatement(
                sql: "UPDATE item SET is_read = ?1 WHERE id = ?2 AND is_read <> ?1")
            var changed = 0
            for id in ids {
                try statement.execute(arguments: [read, id])
                changed += db.changesCount
            }
            try Self.shareState(.read, read, roots: Self.roots(of: ids), db)
            return changed
        }
    }

    /// A state every copy of the same article shares: marking or starring one copy does it to
    /// all, so that the copy a listing shows always tells the truth.
    enum SharedState: String {
        case read = "is_read"
        case starred = "is_starred"
    }

    /// Gives every copy of the same article the state its group was just given: `roots`
    /// selects the originals (`COALESCE(duplicate_of, id)`) of the items that changed. Copies
    /// are not counted as changed: the user named one item.
    static func shareState(_ state: SharedState, _ value: Bool, roots: String, _ db: Database) throws {
        let column = state.rawValue
        try db.execute(
            sql: "UPDATE item SET \(column) = ?1 WHERE \(column) <> ?1 AND (id IN (\(roots)) OR duplicate_of IN (\(roots)))",
            arguments: [value])
    }

    /// The originals of the items numbered `ids`, as SQL for `shareState`.
    static func roots(of ids: [Int64]) -> String {
        "SELECT COALESCE(duplicate_of, id) FROM item WHERE id IN (\(ids.map(String.init).joined(separator: ",")))"
    }
}

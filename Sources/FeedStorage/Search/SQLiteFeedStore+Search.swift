import FeedEntities
import Foundation
import GRDB

extension SQLiteFeedStore {
    /// See `FeedStore.indexPendingItems`: each item's words as `item_search` reads them
    /// (`SQLiteFeedStore+SearchContent.swift`), which is also how they are forgotten.
    public func indexPendingItems(limit: Int) async throws -> Int {
        try await write("update the search index") { db in
            // Numbers first, then one item at a time: a batch of full-content items holds tens
            // of megabytes of HTML, which the daemon has no reason to keep in memory at once.
            let pending = try Int64.fetchAll(
                db.cachedStatement(sql: "SELECT id FROM item WHERE indexed = 0 ORDER BY id LIMIT ?"), arguments: [limit])
            guard !pending.isEmpty else { return 0 }
            let insert = try db.cachedStatement(
                sql: "INSERT INTO item_fts (rowid, title, body) SELECT id, title, body FROM item_search WHERE id = ?")
            let mark = try db.cachedStatement(sql: "UPDATE item SET indexed = 1 WHERE id = ?")
            for id in pending {
                try insert.execute(arguments: [id])
                try mark.execute(arguments: [id])
            }
            return pending.count
        }
    }

    /// See `FeedStore.unindexedItemCount`: answered from the partial index `item_unindexed`.
    public func unindexedItemCount() async throws -> Int {
        try await read("count the items waiting for the search index") { db in
            try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM item WHERE indexed = 0")) ?? 0
        }
    }

    /// How many of the newest matches a search ranks. BM25 needs each match's column sizes
    /// (5 µs a match here for one word, 12 µs for two), so ranking every match of a common word
    /// in 100,000 items took a quarter of a second; a reader looks for recent articles, and the
    /// newest 500 matches hold them. Rarer words have fewer matches: all of them are ranked.
    static let rankedWindow = 500

    /// See `FeedStore.search`. Ranked by BM25 with a title match worth five body matches, among
    /// the newest `rankedWindow` matches (or `limit`, if larger). Three steps, each cheap: the
    /// window's oldest number (FTS5 walks its matches newest first and stops), the ranking of
    /// the window (FTS5 seeks to that number), and highlights only for the hits returned (the
    /// window again, with the hits picked by SQLite: `+` keeps their numbers away from FTS5,
    /// which would otherwise look each one up in the index on its own, and slower).
    public func search(_ query: SearchQuery) async throws -> [ItemSearchResult] {
        guard query.limit > 0 else { return [] }
        return try await readSearching("search items") { db in
            var filters = ""
            var filterArguments: StatementArguments = []
            if query.unreadOnly { filters += " AND item.is_read = 0" }
            if let feedID = query.feedID {
                filters += " AND item.feed_id = ?"
                filterArguments += [feedID]
            }
            if let tag = query.tag {
                filters += " AND item.feed_id IN (SELECT feed_id FROM feed_tag WHERE tag = ?)"
                filterArguments += [tag]
            }
            // Items a rule hid are left out (SQLiteFeedStore+Rules.swift); looked up in a tiny
            // partial index, so that a store with none keeps the unfiltered plan below.
            if try Self.hasHiddenItems(db) { filters += " AND item.is_hidden = 0" }
            // Without filters, the index alone answers the first two steps (no join per match).
            let matches = filters.isEmpty
                ? "FROM item_fts WHERE item_fts MATCH ?"
                : "FROM item_fts JOIN item ON item.id = item_fts.rowid WHERE item_fts MATCH ?"
            let window = max(Self.rankedWindow, query.limit)
            let floor = try Int64.fetchOne(
                db.cachedStatement(sql: """
                    SELECT MIN(rowid) FROM (SELECT item_fts.rowid AS rowid \(matches)\(filters)
                                            ORDER BY item_fts.rowid DESC LIMIT ?)
                    """),
                arguments: StatementArguments([query.match]) + filterArguments + [window]) ?? 0
            let ranked = try Int64.fetchAll(
                db.cachedStatement(sql: """
                    SELECT item_fts.rowid \(matches) AND item_fts.rowid >= ?\(filters)
                    ORDER BY bm25(item_fts, 5.0, 1.0), item_fts.rowid DESC LIMIT ?
                    """),
                arguments: StatementArguments([query.match, floor] as [any DatabaseValueConvertible]) + filterArguments + [query.limit])
            guard !ranked.isEmpty else { return [] }

            let reader = itemRowReader()
            let marks = Array(repeating: "?", count: ranked.count).joined(separator: ",")
            let rows = try Row.fetchAll(db, sql: """
                SELECT item.id, item.feed_id, \(Self.displayedFeedTitle("feed")), item.guid, item.title,
                       item.link, item.author, item.published, item.updated, item.categories, item.enclosures,
                       item.first_seen, item.is_read, item.is_starred,
                       highlight(item_fts, 0, char(2), char(3)),
                       snippet(item_fts, 1, char(2), char(3), '…', 16),
                       \(Self.tagsColumn), \(Self.untitledTextColumn)
                FROM item_fts
                JOIN item ON item.id = item_fts.rowid
                JOIN feed ON feed.id = item.feed_id
                WHERE item_fts MATCH ? AND item_fts.rowid >= ? AND +item_fts.rowid IN (\(marks))
                """, arguments: StatementArguments([query.match, floor] + ranked.map { $0 as any DatabaseValueConvertible }))
            var results: [Int64: ItemSearchResult] = [:]
            for row in rows {
                let snippet: String = row[15] ?? ""
                let item = try reader.item(from: row, includeContent: false)
                results[item.id] = ItemSearchResult(
                    item: item, highlightedTitle: row[14] ?? "",
                    // A snippet without a match is just the start of the body: not worth showing.
                    snippet: snippet.contains("\u{02}") ? snippet : "")
            }
            return ranked.compactMap { results[$0] }
        }
    }

    /// `read`; when `searching`, SQLite's complaints about the FTS5 query (a plain SQLITE_ERROR:
    /// "fts5: syntax error", "unterminated string") are reported as `invalidSearch`.
    func readSearching<T: Sendable>(
        _ operation: @autoclosure () -> String, searching: Bool = true, _ body: @Sendable (Database) throws -> T
    ) async throws -> T {
        try verifyFile()
        do {
            return try await writer.read(body)
        } catch let error as DatabaseError where searching && error.resultCode == .SQLITE_ERROR {
            throw FeedStoreError.invalidSearch(error.message ?? "invalid query")
        } catch let error as DatabaseError where Self.isDamageWhileServing(error) {
            throw noteDamage(error, operation: operation())
        } catch let error as DatabaseError {
            throw FeedStoreDatabaseError(operation: operation(), error, path: path)
        }
    }
}

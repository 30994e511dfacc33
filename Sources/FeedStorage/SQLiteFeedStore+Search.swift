import FeedEntities
import Foundation
import GRDB

extension SQLiteFeedStore {
    /// Longest text of one item the index holds (characters of its summary and content); the
    /// rest of a very long article is not searched.
    static let indexedTextLimit = 32_768

    /// See `FeedStore.indexPendingItems`.
    public func indexPendingItems(limit: Int, plainText: @Sendable (String) -> String) async throws -> Int {
        try await write("update the search index") { db in
            let pending = try Row.fetchAll(
                db.cachedStatement(sql: """
                    SELECT id, title, summary, content FROM item WHERE indexed = 0 ORDER BY id LIMIT ?
                    """),
                arguments: [limit])
            guard !pending.isEmpty else { return 0 }
            let remove = try db.cachedStatement(sql: "DELETE FROM item_fts WHERE rowid = ?")
            let insert = try db.cachedStatement(sql: "INSERT INTO item_fts (rowid, title, body) VALUES (?, ?, ?)")
            let mark = try db.cachedStatement(sql: "UPDATE item SET indexed = 1 WHERE id = ?")
            for row in pending {
                let id: Int64 = row[0]
                let summary = (row[2] as String?).map(plainText) ?? ""
                var content = (row[3] as String?).map(plainText) ?? ""
                // Feeds often repeat the summary as the start of the content.
                if !summary.isEmpty, content.hasPrefix(summary) { content = String(content.dropFirst(summary.count)) }
                let body = String((summary + (summary.isEmpty || content.isEmpty ? "" : " ") + content).prefix(Self.indexedTextLimit))
                try remove.execute(arguments: [id])
                try insert.execute(arguments: [id, row[1] as String? ?? "", body])
                try mark.execute(arguments: [id])
            }
            return pending.count
        }
    }

    /// See `FeedStore.search`. Ranked by BM25 with a title match worth five body matches.
    public func search(_ query: SearchQuery) async throws -> [ItemSearchResult] {
        guard query.limit > 0 else { return [] }
        return try await readSearching("search items") { db in
            var conditions = ["item_fts MATCH ?"]
            var arguments: StatementArguments = [query.match]
            if query.unreadOnly { conditions.append("item.is_read = 0") }
            if let feedID = query.feedID {
                conditions.append("item.feed_id = ?")
                arguments += [feedID]
            }
            if let tag = query.tag {
                conditions.append("item.feed_id IN (SELECT feed_id FROM feed_tag WHERE tag = ?)")
                arguments += [tag]
            }
            arguments += [query.limit]
            let sql = """
                SELECT item.id, item.feed_id, COALESCE(feed.custom_title, feed.title), item.guid, item.title,
                       item.link, item.author, item.published, item.updated, item.categories, item.enclosures,
                       item.first_seen, item.is_read, item.is_starred,
                       highlight(item_fts, 0, char(2), char(3)),
                       snippet(item_fts, 1, char(2), char(3), '…', 16)
                FROM item_fts
                JOIN item ON item.id = item_fts.rowid
                JOIN feed ON feed.id = item.feed_id
                WHERE \(conditions.joined(separator: " AND "))
                ORDER BY bm25(item_fts, 5.0, 1.0), item.id DESC
                LIMIT ?
                """
            let coder = JSONColumnCoder()
            return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { row in
                let snippet: String = row[15] ?? ""
                return ItemSearchResult(
                    item: Self.item(from: row, includeContent: false, coder: coder),
                    highlightedTitle: row[14] ?? "",
                    // A snippet without a match is just the start of the body: not worth showing.
                    snippet: snippet.contains("\u{02}") ? snippet : "")
            }
        }
    }

    /// `read`; when `searching`, SQLite's complaints about the FTS5 query (a plain SQLITE_ERROR:
    /// "fts5: syntax error", "unterminated string") are reported as `invalidSearch`.
    func readSearching<T: Sendable>(
        _ operation: @autoclosure () -> String, searching: Bool = true, _ body: @Sendable (Database) throws -> T
    ) async throws -> T {
        do {
            return try await writer.read(body)
        } catch let error as DatabaseError where searching && error.resultCode == .SQLITE_ERROR {
            throw FeedStoreError.invalidSearch(error.message ?? "invalid query")
        } catch let error as DatabaseError {
            throw FeedStoreDatabaseError(operation: operation(), error)
        }
    }
}

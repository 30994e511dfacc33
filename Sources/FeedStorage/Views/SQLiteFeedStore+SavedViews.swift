import FeedEntities
import Foundation
import GRDB

extension SQLiteFeedStore: SavedViewStore {
    /// Migration "v20": the saved views of `tidings view add`. `key` is the name without case
    /// (`SavedView.key`), which SQLite's `NOCASE` would fold for ASCII only; the row number
    /// keeps the order they were added in, and a replaced view keeps its row.
    @Sendable static func addSavedViews(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE saved_view (
                id         INTEGER PRIMARY KEY,
                key        TEXT NOT NULL UNIQUE,   -- the name, lowercased
                name       TEXT NOT NULL,
                query      TEXT NOT NULL,          -- ItemFilter, as written
                created_at REAL NOT NULL
            );
            """)
    }

    /// See `SavedViewStore.savedViews`.
    public func savedViews() async throws -> [SavedView] {
        try await read("read the saved views") { db in
            try Row.fetchAll(db, sql: "SELECT name, query FROM saved_view ORDER BY id").map {
                SavedView(name: $0[0], query: $0[1], origin: .stored)
            }
        }
    }

    /// See `SavedViewStore.saveView`.
    public func saveView(name: String, query: String, replacing: Bool) async throws -> (view: SavedView, replaced: SavedView?) {
        if let problem = SavedView.problem(withName: name) { throw FeedStoreError.invalidViewName(name, problem) }
        let view = SavedView(name: name, query: query, origin: .stored)
        return try await write("save the view \(name)") { db in
            let key = SavedView.key(of: name)
            if let row = try Row.fetchOne(db, sql: "SELECT name, query FROM saved_view WHERE key = ?", arguments: [key]) {
                let there = SavedView(name: row[0], query: row[1], origin: .stored)
                guard replacing else { throw FeedStoreError.viewExists(there) }
                try db.execute(sql: "UPDATE saved_view SET name = ?, query = ? WHERE key = ?", arguments: [name, query, key])
                return (view, there)
            } else {
                let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM saved_view") ?? 0
                guard count < SavedView.maximumCount else { throw FeedStoreError.tooManyViews(SavedView.maximumCount) }
                try db.execute(
                    sql: "INSERT INTO saved_view (key, name, query, created_at) VALUES (?, ?, ?, ?)",
                    arguments: [key, name, query, Date().timeIntervalSince1970])
            }
            return (view, nil)
        }
    }

    /// See `SavedViewStore.removeView`.
    public func removeView(name: String) async throws -> SavedView? {
        try await write("remove the view \(name)") { db in
            let key = SavedView.key(of: name)
            guard let row = try Row.fetchOne(db, sql: "SELECT name, query FROM saved_view WHERE key = ?", arguments: [key]) else { return nil }
            try db.execute(sql: "DELETE FROM saved_view WHERE key = ?", arguments: [key])
            return SavedView(name: row[0], query: row[1], origin: .stored)
        }
    }

    /// See `SavedViewStore.counts`. Each view is one `COUNT` over the listing's conditions
    /// (`positionCounts`, which reads `item_listed_by_date` rather than the items' rows where
    /// the terms allow), counting the unread ones on the way.
    public func counts(of filters: [ItemFilter], now: Date) async throws -> [SavedView.Counts] {
        if filters.isEmpty { return [] }
        return try await readSearching("count the items of \(Counted.phrase(filters.count, "view"))", searching: filters.contains { $0.usesSearchIndex }) { db in
            try filters.map { filter in
                let (sql, arguments) = Self.viewCount(filter, now: now)
                let row = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
                return SavedView.Counts(unread: row?[1] ?? 0, total: row?[0] ?? 0)
            }
        }
    }

    /// The `COUNT` of a view's listing and of its unread items.
    static func viewCount(_ filter: ItemFilter, now: Date) -> (sql: String, arguments: StatementArguments) {
        var query = ItemQuery(unreadOnly: false)
        query.filter = filter
        query.filterTime = now
        return positionCounts(query.liftingFilterTerms(), anchor: nil, second: "COUNT(CASE WHEN item.is_read = 0 THEN 1 END)")
    }

    /// See `SavedViewStore.markRead(matching:)`. The items are gathered first, since marking
    /// them may take them out of the view (`is:unread`), then marked, then their copies.
    public func markRead(matching filter: ItemFilter, read: Bool, now: Date) async throws -> Int {
        try await write("mark the items of a view \(read ? "read" : "unread")") { db in
            var query = ItemQuery(unreadOnly: false)
            query.filter = filter
            query.filterTime = now
            var (conditions, arguments) = Self.filter(query)
            conditions.append("item.is_read <> ?")
            arguments += [read]
            try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS view_marking (id INTEGER PRIMARY KEY); DELETE FROM temp.view_marking")
            try db.execute(
                sql: "INSERT INTO temp.view_marking SELECT item.id FROM item WHERE \(conditions.joined(separator: " AND "))",
                arguments: arguments)
            try db.execute(sql: "UPDATE item SET is_read = ? WHERE id IN (SELECT id FROM temp.view_marking)", arguments: [read])
            let changed = db.changesCount
            try Self.shareState(.read, read, roots: "SELECT id FROM temp.view_marking", db)
            try db.execute(sql: "DELETE FROM temp.view_marking")
            return changed
        }
    }
}

import FeedEntities
import Foundation
import GRDB

extension SQLiteFeedStore {
    // MARK: - Subscriptions

    /// See `FeedStore.importFeeds`. A new feed is named by the list's title (else its URL)
    /// until its first document names it; the title is its own for good when its role is
    /// `.custom`, and when it is `.unconfirmed` and that document's title differs. A feed
    /// unsubscribed from whose starred items were kept is subscribed to again, under its number.
    /// Text goes through `StoredText`.
    public func importFeeds(_ feeds: [FeedImport], at date: Date) async throws -> (added: [Feed], existing: [Feed]) {
        let validated = try feeds.map { feed throws(FeedStoreError) in
            FeedImport(
                url: try StoredText.feedURL(feed.url), title: try StoredText.ownTitle(feed.title),
                titleRole: feed.titleRole, tags: try TagName.validated(feed.tags), settings: feed.settings)
        }
        return try await write("import \(Counted.phrase(feeds.count, "feed"))") { db in
            var added: [Feed] = []
            var existing: [Feed] = []
            var seen = Set<String>()
            let find = try db.cachedStatement(sql: "SELECT id, removed_at IS NOT NULL FROM feed WHERE url = ?")
            let insert = try db.cachedStatement(sql: """
                INSERT INTO feed (url, title, subscribed_at, custom_title, list_title) VALUES (?, ?, ?, ?, ?)
                """)
            for feed in validated where seen.insert(feed.url).inserted {
                let customTitle = feed.titleRole == .custom ? feed.title : nil
                let listTitle = feed.titleRole == .unconfirmed ? feed.title : nil
                let id: Int64
                if let known = try Row.fetchOne(find, arguments: [feed.url]) {
                    guard known[1] as Bool else {
                        if let stored = try Self.fetchFeed(id: known[0], db) { existing.append(stored) }
                        continue
                    }
                    id = known[0]
                    try Self.revive(feedID: id, at: date, customTitle: customTitle, listTitle: listTitle, db)
                } else {
                    try insert.execute(arguments: [
                        feed.url, feed.title ?? feed.url, date.timeIntervalSince1970, customTitle, listTitle,
                    ])
                    id = db.lastInsertedRowID
                }
                try Self.insertTags(feed.tags, feedID: id, db)
                if !feed.settings.isEmpty { try Self.storeSettings(feed.settings, feedID: id, db) }
                if let stored = try Self.fetchFeed(id: id, db) { added.append(stored) }
            }
            return (added, existing)
        }
    }

    /// Subscribes again to a feed unsubscribed from (`removeFeed` kept its starred items): it is
    /// listed and due again, with the titles given, its health and schedule as a new feed's.
    /// Its kept items are its items again; a document that lists them updates them as known
    /// items, so none is stored twice.
    static func revive(feedID: Int64, at date: Date, customTitle: String?, listTitle: String?, _ db: Database) throws {
        try db.cachedStatement(sql: """
            UPDATE feed
            SET removed_at = NULL, subscribed_at = ?2, custom_title = ?3, list_title = ?4, next_check = NULL,
                last_error = NULL, http_status = NULL, failures = 0, gone_since = NULL, moved_to = NULL
            WHERE id = ?1
            """).execute(arguments: [feedID, date.timeIntervalSince1970, customTitle, listTitle])
    }

    /// See `FeedStore.tagFeed`.
    public func tagFeed(id: Int64, adding: [String], removing: [String]) async throws -> Feed {
        let adding = try TagName.validated(adding)
        let removing = removing.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        return try await write("tag feed \(id)") { db in
            guard try Self.fetchFeed(id: id, db) != nil else { throw FeedStoreError.feedNotFound(id) }
            let delete = try db.cachedStatement(sql: "DELETE FROM feed_tag WHERE feed_id = ? AND tag = ?")
            for tag in removing { try delete.execute(arguments: [id, tag]) }
            try Self.insertTags(adding, feedID: id, db)
            guard let feed = try Self.fetchFeed(id: id, db) else { throw FeedStoreError.feedNotFound(id) }
            return feed
        }
    }

    /// See `FeedStore.renameFeed`.
    public func renameFeed(id: Int64, title: String?) async throws -> Feed {
        let title = try StoredText.ownTitle(title)
        return try await write("rename feed \(id)") { db in
            // An imported title still waiting for the feed's own (`list_title`) is settled too.
            try db.cachedStatement(sql: "UPDATE feed SET custom_title = ?, list_title = NULL WHERE id = ? AND removed_at IS NULL")
                .execute(arguments: [title, id])
            guard db.changesCount > 0, let feed = try Self.fetchFeed(id: id, db) else {
                throw FeedStoreError.feedNotFound(id)
            }
            return feed
        }
    }

    // MARK: - Item state

    /// See `FeedStore.markAllRead`.
    public func markAllRead(feedID: Int64?, read: Bool) async throws -> Int {
        try await write("mark \(feedID.map { "the items of feed \($0)" } ?? "every item") \(read ? "read" : "unread")") { db in
            if let feedID {
                try db.cachedStatement(sql: "UPDATE item SET is_read = ?1 WHERE feed_id = ?2 AND is_read <> ?1")
                    .execute(arguments: [read, feedID])
                let changed = db.changesCount
                // The same articles in other feeds follow (not counted: the user named one feed).
                try Self.shareState(.read, read, roots: "SELECT COALESCE(duplicate_of, id) FROM item WHERE feed_id = \(feedID)", db)
                return changed
            } else {
                try db.cachedStatement(sql: "UPDATE item SET is_read = ?1 WHERE is_read <> ?1").execute(arguments: [read])
            }
            return db.changesCount
        }
    }

    /// See `FeedStore.setStarred`.
    public func setStarred(ids: [Int64], starred: Bool) async throws -> Int {
        if ids.isEmpty { return 0 }
        return try await write("\(starred ? "star" : "unstar") \(Counted.phrase(ids.count, "item"))") { db in
            let statement = try db.cachedStatement(
                sql: "UPDATE item SET is_starred = ?1 WHERE id = ?2 AND is_starred <> ?1")
            var changed = 0
            for id in ids {
                try statement.execute(arguments: [starred, id])
                changed += db.changesCount
            }
            // The same article through other feeds follows (not counted: the user named one item).
            try Self.shareState(.starred, starred, roots: Self.roots(of: ids), db)
            return changed
        }
    }

    /// See `FeedStore.unknownItems`.
    public func unknownItems(_ ids: [Int64]) async throws -> [Int64] {
        if ids.isEmpty { return [] }
        return try await read("look up \(Counted.phrase(ids.count, "item"))") { db in
            let statement = try db.cachedStatement(sql: "SELECT 1 FROM item WHERE id = ?")
            return try ids.filter { try Int.fetchOne(statement, arguments: [$0]) == nil }
        }
    }

    /// See `FeedStore.newestItemID`. AUTOINCREMENT keeps numbers rising even after deletions,
    /// and `sqlite_sequence` remembers the highest one ever given.
    public func newestItemID() async throws -> Int64 {
        try await read("read the newest item number") { db in
            try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'item'") ?? 0
        }
    }

    // MARK: - Statistics

    /// See `FeedStore.statistics`.
    public func statistics() async throws -> StoreStatistics {
        let now = Date().timeIntervalSince1970
        var statistics = try await read("count feeds and items") { db in
            let feeds = try Row.fetchOne(db, sql: """
                SELECT COUNT(*), COALESCE(SUM(last_error IS NOT NULL OR gone_since IS NOT NULL), 0),
                       MAX(last_attempt),
                       MIN(CASE WHEN gone_since IS NULL AND NOT (remote_id IS NOT NULL AND ?2) THEN COALESCE(next_check, ?1) END)
                FROM feed WHERE removed_at IS NULL
                """, arguments: [now, try Self.isSyncing(db)])!
            // Counts rather than one pass with SUM(): each is answered from an index (the partial
            // ones for unread and starred items) instead of reading every row. Unread leaves out
            // what listings leave out: items rules hid and copies of an article another feed
            // brought first (both few, both found through their own partial indexes).
            let items = try Row.fetchOne(db, sql: """
                SELECT (SELECT COUNT(*) FROM item),
                       (SELECT COUNT(*) FROM item WHERE is_read = 0)
                         - (SELECT COUNT(*) FROM (
                               SELECT id FROM item WHERE is_hidden = 1 AND is_read = 0
                               UNION SELECT id FROM item WHERE duplicate_of IS NOT NULL AND is_read = 0)),
                       (SELECT COUNT(*) FROM item WHERE is_starred = 1)
                """)!
            return StoreStatistics(
                feeds: feeds[0], failingFeeds: feeds[1], items: items[0], unread: items[1], starred: items[2],
                lastAttempt: (feeds[2] as Double?).map(Date.init(timeIntervalSince1970:)),
                nextCheck: (feeds[3] as Double?).map(Date.init(timeIntervalSince1970:)),
                databaseBytes: 0, schemaVersion: schemaVersion)
        }
        statistics.databaseBytes = databaseBytes
        return statistics
    }

    public var databaseBytes: Int64 {
        guard let path else { return 0 }
        return [path, path + "-wal"].reduce(0) { total, file in
            var info = stat()
            return total + (stat(file, &info) == 0 ? Int64(info.st_size) : 0)
        }
    }
}

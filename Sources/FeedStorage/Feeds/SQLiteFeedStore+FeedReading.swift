import FeedEntities
import Foundation
import GRDB

/// Reading feeds: the list with their counters and tags, one feed, the names selectors match, and
/// the rows they are read from.
extension SQLiteFeedStore {
    // MARK: - Reading feeds

    /// See `FeedStore.feeds`. Feeds unsubscribed from (`removed_at`) are left out here and by
    /// `fetchFeed`, and so from everything that finds feeds through them (selectors,
    /// refreshes, exports).
    ///
    /// The tags come from one walk of `feed_tag` in the feeds' order beside the feeds, rather
    /// than a subquery per feed: half the SQL time at 5,000 feeds.
    public func feeds() async throws -> [Feed] {
        try await read("list the feeds") { db in
            let statement = try db.cachedStatement(
                sql: Self.feedSelect(tags: "NULL") + " WHERE feed.removed_at IS NULL ORDER BY feed.id")
            let tagStatement = try db.cachedStatement(sql: "SELECT feed_id, tag FROM feed_tag ORDER BY feed_id")
            var feeds: [Feed] = []
            feeds.reserveCapacity(
                try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM feed WHERE removed_at IS NULL")) ?? 0)
            let rows = try Row.fetchCursor(statement), tagRows = try Row.fetchCursor(tagStatement)
            func nextTag() throws -> (feedID: Int64, tag: String)? {
                guard try tagRows.next() != nil else { return nil }
                let raw = tagStatement.sqliteStatement
                return (Int64.fromStatement(raw, atUncheckedIndex: 0) ?? 0, String.fromStatement(raw, atUncheckedIndex: 1) ?? "")
            }
            var pendingTag = try nextTag()
            while try rows.next() != nil {
                var feed = Self.feed(from: statement.sqliteStatement)
                var tags: [String] = []
                // Tags of feeds not listed (unsubscribed from) are passed over.
                while let (feedID, tag) = pendingTag, feedID <= feed.id {
                    if feedID == feed.id { tags.append(tag) }
                    pendingTag = try nextTag()
                }
                if !tags.isEmpty { feed.tags = TagName.sorted(tags) }
                feeds.append(feed)
            }
            return feeds
        }
    }

    /// See `FeedStore.feedNames()`.
    public func feedNames() async throws -> [FeedName] {
        try await read("list the feeds' names") { db in
            let statement = try db.cachedStatement(sql: """
                SELECT id, url, COALESCE(custom_title, title) FROM feed WHERE removed_at IS NULL ORDER BY id
                """)
            var names: [FeedName] = []
            let rows = try Row.fetchCursor(statement)
            while let row = try rows.next() { names.append(FeedName(id: row[0], url: row[1], title: row[2])) }
            return names
        }
    }

    /// See `FeedStore.feed(id:)`.
    public func feed(id: Int64) async throws -> Feed? {
        try await read("read feed \(id)") { db in try Self.fetchFeed(id: id, db) }
    }

    /// See `FeedStore.feed(ofItem:)`.
    public func feed(ofItem id: Int64) async throws -> Feed? {
        try await read("read the feed of item \(id)") { db in
            guard let feedID = try Int64.fetchOne(db, sql: "SELECT feed_id FROM item WHERE id = ?", arguments: [id]) else {
                return nil
            }
            return try Self.fetchFeed(id: feedID, db)
        }
    }

    // MARK: - Rows

    /// Feed columns and counters (kept by triggers, `addFeedCounters`), and `tags` in column 19:
    /// by default a feed's tags joined by U+001F, which a valid tag cannot hold.
    static func feedSelect(
        tags: String = "(SELECT group_concat(tag, char(31)) FROM feed_tag WHERE feed_tag.feed_id = feed.id)"
    ) -> String {
        """
        SELECT feed.id, feed.url, COALESCE(feed.custom_title, feed.title), feed.site_link, feed.subscribed_at,
               feed.last_refreshed, feed.last_attempt, feed.last_error, feed.item_count, feed.unread_count,
               feed.http_status, feed.failures, feed.etag, feed.last_modified, feed.moved_to,
               feed.gone_since, feed.next_check, feed.update_hint, feed.custom_title IS NOT NULL,
               \(tags), feed.settings,
               feed.remote_id IS NOT NULL AND EXISTS (SELECT 1 FROM sync_account WHERE active = 1)
        FROM feed
        """
    }

    static func fetchFeed(id: Int64, _ db: Database) throws -> Feed? {
        let statement = try db.cachedStatement(sql: feedSelect() + " WHERE feed.id = ? AND feed.removed_at IS NULL")
        let rows = try Row.fetchCursor(statement, arguments: [id])
        return try rows.next() == nil ? nil : feed(from: statement.sqliteStatement)
    }

    /// The feed of the row `statement` stands on. Read column by column through the concrete
    /// types' `fromStatement`: GRDB's generic `row[i]` resolved the type of every optional
    /// column at run time, two thirds of the time to list 5,000 feeds.
    static func feed(from statement: SQLiteStatement) -> Feed {
        func integer(_ column: CInt) -> Int? { Int.fromStatement(statement, atUncheckedIndex: column) }
        func text(_ column: CInt) -> String? { String.fromStatement(statement, atUncheckedIndex: column) }
        func date(_ column: CInt) -> Date? {
            Double.fromStatement(statement, atUncheckedIndex: column).map(Date.init(timeIntervalSince1970:))
        }
        return Feed(
            id: Int64.fromStatement(statement, atUncheckedIndex: 0) ?? 0, url: text(1) ?? "", title: text(2) ?? "",
            siteLink: text(3), subscribedAt: date(4) ?? Date(timeIntervalSince1970: 0),
            lastRefreshed: date(5), lastAttempt: date(6), lastError: text(7),
            itemCount: integer(8) ?? 0, unreadCount: integer(9) ?? 0,
            httpStatus: integer(10), consecutiveFailures: integer(11) ?? 0, etag: text(12), lastModified: text(13),
            movedTo: text(14), goneSince: date(15), nextCheck: date(16),
            updateHint: Double.fromStatement(statement, atUncheckedIndex: 17),
            tags: TagName.sorted(text(19).map { $0.split(separator: "\u{1F}").map(String.init) } ?? []),
            hasCustomTitle: Bool.fromStatement(statement, atUncheckedIndex: 18) ?? false,
            settings: storedSettings(text(20)), synced: Bool.fromStatement(statement, atUncheckedIndex: 21) ?? false)
    }

    /// Adds `tags` (already validated) to a feed; tags it has already are skipped.
    static func insertTags(_ tags: [String], feedID: Int64, _ db: Database) throws {
        let statement = try db.cachedStatement(sql: "INSERT OR IGNORE INTO feed_tag (feed_id, tag) VALUES (?, ?)")
        for tag in tags { try statement.execute(arguments: [feedID, tag]) }
    }
}

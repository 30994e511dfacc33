import FeedEntities
@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// The feeds' item counters, kept by triggers: every write path leaves them equal to what
/// counting the items gives.
struct SQLiteFeedStoreFeedCountersTests {
    let store: SQLiteFeedStore

    init() throws {
        store = try SQLiteFeedStore.inMemory()
    }

    private func items(_ ids: ClosedRange<Int>, prefix: String = "") -> [ParsedItem] {
        ids.map { ParsedItem(id: "\(prefix)\($0)", title: "Item \($0)", link: "https://example.org/\(prefix)\($0)", published: day($0)) }
    }

    private func drift() async throws -> [String] {
        try await store.writer.read { db in try SQLiteFeedStore.counterDrift(db) }
    }

    /// A feed's item and unread counts.
    private func counts(_ feed: Int64) async throws -> [Int] {
        try await store.feed(id: feed).map { [$0.itemCount, $0.unreadCount] } ?? []
    }

    @Test func everyWritePathKeepsTheCountersEqualToTheItems() async throws {
        let a = try await store.addFeed(url: "https://a.example/feed", document: document(items: items(1...6)), fetchedAt: day(10)).feed.id
        // The same article as a's first: a copy, counted in its own feed too.
        let b = try await store.addFeed(
            url: "https://b.example/feed",
            document: document(items: [ParsedItem(id: "x", title: "Item 1", link: "https://example.org/1")] + items(1...3, prefix: "b")),
            fetchedAt: day(10)).feed.id
        #expect(try await counts(a) == [6, 6])
        #expect(try await counts(b) == [4, 4])

        #expect(try await store.storeRefresh(feedID: a, document: document(items: items(1...8)), at: day(11)) == 2)
        #expect(try await counts(a) == [8, 8])

        let listed = try await store.items(ItemQuery(unreadOnly: false, feedID: a, limit: 3))
        _ = try await store.markRead(ids: listed.map(\.id), read: true)
        _ = try await store.markRead(ids: listed.map(\.id), read: true)  // already read: nothing changes
        #expect(try await counts(a) == [8, 5])
        _ = try await store.markAllRead(feedID: b, read: true)
        #expect(try await counts(b) == [4, 0])
        _ = try await store.markAllRead(feedID: nil, read: false)
        #expect(try await counts(a) == [8, 8])
        #expect(try await counts(b) == [4, 4])

        // A rule hides two items: they no longer wait; reading a hidden item changes nothing.
        let hide = Rule(name: "hide", conditions: [RuleCondition(field: .title, pattern: try RulePattern(parsing: "/Item [78]$/"))], actions: [.hide])
        #expect(try await store.apply(hide).matched == 2)
        #expect(try await counts(a) == [8, 6])
        _ = try await store.markAllRead(feedID: a, read: true)
        #expect(try await counts(a) == [8, 0])
        _ = try await store.markAllRead(feedID: a, read: false)
        #expect(try await counts(a) == [8, 6])

        // Retention deletes read items beyond 5 per feed.
        _ = try await store.markAllRead(feedID: nil, read: true)
        _ = try await store.applyRetention(RetentionPolicy(maximumItemsPerFeed: 5), now: day(12))
        #expect(try await counts(a) == [5, 0])
        #expect(try await drift().isEmpty)

        // Unsubscribing from b keeps its starred item in a removed row; subscribing at that URL
        // again from another feed's redirect merges the kept item into the moving feed.
        let bItems = try await store.items(ItemQuery(unreadOnly: false, feedID: b))
        _ = try await store.setStarred(ids: [bItems.last!.id], starred: true)
        _ = try await store.markRead(ids: [bItems.last!.id], read: false)
        _ = try #require(try await store.removeFeed(id: b, keepStarred: true))
        let c = try await store.addFeed(url: "https://c.example/feed", document: document(items: items(1...2, prefix: "c")), fetchedAt: day(12)).feed.id
        #expect(try await store.moveFeed(id: c, to: "https://b.example/feed"))
        #expect(try await counts(c) == [3, 3])
        #expect(try await drift().isEmpty)
    }

    @Test func vacuumSetsCountersThatDriftedFromTheItems() async throws {
        let a = try await store.addFeed(url: "https://a.example/feed", document: document(items: items(1...4)), fetchedAt: day(10)).feed.id
        try await store.writer.write { db in try db.execute(sql: "UPDATE feed SET item_count = 40, unread_count = -1 WHERE id = ?", arguments: [a]) }
        #expect(try await drift() == ["feed \(a) counts 40 items, -1 unread; it has 4, 4 unread"])
        try await store.vacuum()
        #expect(try await drift().isEmpty)
        #expect(try await counts(a) == [4, 4])
    }

    @Test func theMigrationCountsTheItemsAlreadyStored() async throws {
        // A database at v12: one feed with read, unread and hidden items, one without items.
        let queue = try DatabaseQueue()
        let migrator = SQLiteFeedStore.migrator
        try migrator.migrate(queue, upTo: "v12")
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO feed (id, url, title, subscribed_at) VALUES (1, 'https://a.example/f', 'A', 0), (2, 'https://b.example/f', 'B', 0)")
            try db.execute(sql: """
                INSERT INTO item (id, feed_id, key, title, first_seen, is_read, is_hidden) VALUES
                  (1, 1, 'k1', 'Read', 0, 1, 0), (2, 1, 'k2', 'Unread', 0, 0, 0),
                  (3, 1, 'k3', 'Hidden', 0, 0, 1), (4, 1, 'k4', 'Waiting', 0, 0, 0)
                """)
        }
        try migrator.migrate(queue)
        let rows = try queue.read { db in try Row.fetchAll(db, sql: "SELECT item_count, unread_count FROM feed ORDER BY id") }
        #expect(rows.map { [$0[0] as Int, $0[1] as Int] } == [[4, 2], [0, 0]])
        let index = try await queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE name = 'item_hidden_unread'") }
        #expect(index == 0)
    }
}

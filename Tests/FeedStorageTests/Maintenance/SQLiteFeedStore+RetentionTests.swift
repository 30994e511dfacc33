import FeedEntities
@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// Retention: what goes (age, per-feed cap), what stays (unread, starred), and that what went
/// never comes back as new while the feed still lists it.
struct SQLiteFeedStoreRetentionTests {
    let store: SQLiteFeedStore

    init() throws {
        store = try SQLiteFeedStore.inMemory()
    }

    /// Items `1...count` published on days `1...count` (item `n` on day `n`).
    private func items(_ count: Int, prefix: String = "") -> [ParsedItem] {
        (1...count).map { ParsedItem(id: "\(prefix)\($0)", title: "Item \(prefix)\($0)", published: day($0)) }
    }

    /// Subscribes when the newest of `items` came out (day 1 for undated ones): a feed's dates
    /// are believed only up to when its items are first seen (`Item.displayDate`).
    private func subscribe(_ items: [ParsedItem], url: String = feedURL) async throws -> Int64 {
        let fetched = items.compactMap { $0.published ?? $0.updated }.max() ?? day(1)
        return try await store.addFeed(url: url, document: document(items: items), fetchedAt: fetched).feed.id
    }

    private func guids(feed: Int64? = nil) async throws -> [String] {
        try await store.items(ItemQuery(unreadOnly: false, feedID: feed)).compactMap(\.guid)
    }

    private func markAllRead() async throws {
        _ = try await store.markAllRead(feedID: nil, read: true)
    }

    @Test func aPolicyWithoutLimitsDeletesNothing() async throws {
        _ = try await subscribe(items(20))
        try await markAllRead()
        let result = try await store.applyRetention(RetentionPolicy(keepUnread: false, keepStarred: false), now: day(400))
        #expect(result == RetentionResult())
        #expect(try await guids().count == 20)
    }

    @Test func itemsOlderThanTheAgeLimitGo() async throws {
        let feed = try await subscribe(items(20))
        try await markAllRead()
        // On day 25, keeping 10 days keeps items dated day 15 and later.
        let result = try await store.applyRetention(RetentionPolicy(maximumAge: 10 * 86400), now: day(25))
        #expect(result == RetentionResult(deletedItems: 14, deletedPerFeed: [feed: 14]))
        #expect(try await guids() == (15...20).reversed().map(String.init))
    }

    @Test func theAgeOfAnUndatedItemIsWhenItWasFirstSeen() async throws {
        _ = try await store.addFeed(
            url: feedURL, document: document(items: [ParsedItem(id: "undated"), ParsedItem(id: "updated", updated: day(2))]),
            fetchedAt: day(9))
        try await markAllRead()
        // Both first seen on day 9; "updated" carries its own date, day 2.
        let result = try await store.applyRetention(RetentionPolicy(maximumAge: 5 * 86400), now: day(10))
        #expect(result.deletedItems == 1)
        #expect(try await guids() == ["undated"])
    }

    @Test func eachFeedKeepsItsNewestItemsUpToTheCap() async throws {
        let first = try await subscribe(items(30))
        let second = try await subscribe(items(12, prefix: "b"), url: "https://other.example/feed")
        let third = try await subscribe(items(5, prefix: "c"), url: "https://third.example/feed")
        try await markAllRead()
        let result = try await store.applyRetention(RetentionPolicy(maximumItemsPerFeed: 10), now: day(40))
        #expect(result == RetentionResult(deletedItems: 22, deletedPerFeed: [first: 20, second: 2]))
        #expect(try await guids(feed: first) == (21...30).reversed().map(String.init))
        #expect(try await guids(feed: second) == (3...12).reversed().map { "b\($0)" })
        #expect(try await guids(feed: third).count == 5)
        #expect(try await store.applyRetention(RetentionPolicy(maximumItemsPerFeed: 10), now: day(40)) == RetentionResult())
    }

    @Test func unreadAndStarredItemsAreKeptByDefault() async throws {
        _ = try await subscribe(items(20))
        let all = try await store.items(ItemQuery(unreadOnly: false))
        let byGuid = Dictionary(uniqueKeysWithValues: all.map { ($0.guid ?? "", $0.id) })
        // Read all but 2 and 3; star 4 (read).
        _ = try await store.markRead(ids: all.map(\.id).filter { $0 != byGuid["2"] && $0 != byGuid["3"] }, read: true)
        _ = try await store.setStarred(ids: [byGuid["4"]!], starred: true)

        let result = try await store.applyRetention(RetentionPolicy(maximumItemsPerFeed: 10), now: day(30))
        // Items 11...20 are the newest ten; of 1...10, the unread 2 and 3 and the starred 4 stay.
        #expect(result.deletedItems == 7)
        #expect(try await guids() == (11...20).reversed().map(String.init) + ["4", "3", "2"])
    }

    @Test func withBothFlagsOffUnreadAndStarredItemsGoToo() async throws {
        _ = try await subscribe(items(20))
        let all = try await store.items(ItemQuery(unreadOnly: false))
        _ = try await store.setStarred(ids: all.map(\.id), starred: true)
        let policy = RetentionPolicy(maximumAge: 5 * 86400, maximumItemsPerFeed: 10, keepUnread: false, keepStarred: false)
        let result = try await store.applyRetention(policy, now: day(21))
        // The cap leaves 11...20; the age limit (day 16 and later) leaves 16...20.
        #expect(result.deletedItems == 15)
        #expect(try await guids() == (16...20).reversed().map(String.init))
    }

    @Test func deletedItemsDoNotComeBackWhileTheFeedListsThem() async throws {
        let listed = items(30)
        let feed = try await subscribe(listed)
        let policy = RetentionPolicy(maximumItemsPerFeed: 10, keepUnread: false)
        #expect(try await store.applyRetention(policy, now: day(31)).deletedItems == 20)

        // The same document again, and once more a day later: nothing new, nothing unread again.
        #expect(try await store.storeRefresh(feedID: feed, document: document(items: listed), at: day(32)) == 0)
        #expect(try await store.storeRefresh(feedID: feed, document: document(items: listed), at: day(34)) == 0)
        #expect(try await guids() == (21...30).reversed().map(String.init))
        #expect(try await store.feed(id: feed)?.itemCount == 10)

        // A new item is still stored, and the next pass trims the feed back to ten.
        let withNew = [ParsedItem(id: "31", title: "Item 31", published: day(33))] + listed
        #expect(try await store.storeRefresh(feedID: feed, document: document(items: withNew), at: day(35)) == 1)
        #expect(try await store.applyRetention(policy, now: day(35)).deletedItems == 1)
        #expect(try await guids() == (22...31).reversed().map(String.init))
    }

    @Test func tombstonesLiveWhileListedAndGoAMonthAfterTheFeedDropsThem() async throws {
        let listed = items(15)
        let feed = try await subscribe(listed)
        _ = try await store.applyRetention(RetentionPolicy(maximumItemsPerFeed: 10, keepUnread: false), now: day(16))
        #expect(try await tombstones(feed) == 5)

        // Listed for two months: kept alive (the grace counts from when a document last listed them).
        for refresh in stride(from: 20, through: 80, by: 10) {
            _ = try await store.storeRefresh(feedID: feed, document: document(items: listed), at: day(refresh))
        }
        #expect(try await tombstones(feed) == 5)
        #expect(try await guids().count == 10)

        // The feed drops items 1...5: their tombstones go once 30 days have passed without them.
        let current = Array(listed.dropFirst(5))
        _ = try await store.storeRefresh(feedID: feed, document: document(items: current), at: day(100))
        #expect(try await tombstones(feed) == 5)
        _ = try await store.storeRefresh(feedID: feed, document: document(items: current), at: day(111))
        #expect(try await tombstones(feed) == 0)

        // Removing the feed removes its tombstones.
        _ = try await store.applyRetention(RetentionPolicy(maximumItemsPerFeed: 5, keepUnread: false), now: day(112))
        #expect(try await tombstones(feed) == 5)
        #expect(try await store.removeFeed(id: feed, keepStarred: false) != nil)
        #expect(try await tombstones(nil) == 0)
    }

    @Test func theSearchIndexLosesTheDeletedItems() async throws {
        _ = try await subscribe(items(15))
        #expect(try await store.indexPendingItems(limit: 100) == 15)
        #expect(try await ftsRows() == 15)
        _ = try await store.applyRetention(RetentionPolicy(maximumItemsPerFeed: 10, keepUnread: false), now: day(20))
        #expect(try await ftsRows() == 10)
        let hits = try await store.search(SearchQuery(match: "\"item\"", limit: 100))
        #expect(hits.count == 10)
        #expect(try await store.integrityProblems() == [])
    }

    @Test func integrityCheckAndVacuumOnASoundDatabase() async throws {
        _ = try await subscribe(items(30))
        _ = try await store.applyRetention(RetentionPolicy(maximumItemsPerFeed: 10, keepUnread: false), now: day(40))
        #expect(try await store.integrityProblems() == [])
        try await store.vacuum()
        #expect(try await guids().count == 10)
    }

    // MARK: - Helpers

    private func tombstones(_ feed: Int64?) async throws -> Int {
        try await store.read("count tombstones") { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item_tombstone WHERE ?1 IS NULL OR feed_id = ?1", arguments: [feed]) ?? -1
        }
    }

    private func ftsRows() async throws -> Int {
        try await store.read("count index rows") { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item_fts") ?? -1 }
    }
}

import FeedEntities
@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// Feed-level behaviour of the SQLite store: subscribing, refreshing, failures, counters,
/// removal, and the file-backed database. Item listing lives in SQLiteFeedStore+ItemsTests.
struct SQLiteFeedStoreTests {
    let store: SQLiteFeedStore

    init() throws {
        store = try SQLiteFeedStore.inMemory()
    }

    // MARK: - Subscribing

    @Test func addFeedStoresTheFeedAndItsItems() async throws {
        let parsed = document(title: "Example", link: "https://example.org/", items: [
            ParsedItem(id: "1", title: "One", link: "https://example.org/1", published: day(1)),
            ParsedItem(id: "2", title: "Two", link: "https://example.org/2", published: day(2)),
        ])
        let (feed, count) = try await store.addFeed(url: feedURL, document: parsed, fetchedAt: day(3))

        #expect(count == 2)
        #expect(feed.url == feedURL)
        #expect(feed.title == "Example")
        #expect(feed.siteLink == "https://example.org/")
        #expect(feed.subscribedAt == day(3))
        #expect(feed.lastRefreshed == day(3))
        #expect(feed.itemCount == 2 && feed.unreadCount == 2)
        #expect(try await store.feed(id: feed.id) == feed)
        let items = try await store.items(ItemQuery())
        #expect(items.map(\.title) == ["Two", "One"])
        #expect(items.allSatisfy { $0.feedID == feed.id && $0.feedTitle == "Example" && !$0.isRead })
    }

    @Test func addingAKnownURLThrowsAlreadySubscribed() async throws {
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(), fetchedAt: day(1))
        await #expect(throws: FeedStoreError.alreadySubscribed(feedID: feed.id)) {
            _ = try await store.addFeed(url: feedURL, document: document(), fetchedAt: day(2))
        }
        #expect(try await store.feeds().count == 1)
    }

    @Test func feedTitleFallsBackToTheURLAndIsTrimmed() async throws {
        let (untitled, _) = try await store.addFeed(url: feedURL, document: document(title: "  \n "), fetchedAt: day(1))
        #expect(untitled.title == feedURL)
        let (titled, _) = try await store.addFeed(
            url: "https://other.example/rss", document: document(title: "\n  Other\n"), fetchedAt: day(1))
        #expect(titled.title == "Other")
    }

    // MARK: - Refreshing

    @Test func refreshCountsOnlyNewItemsAndKeepsReadState() async throws {
        let first = [ParsedItem(id: "a", title: "A"), ParsedItem(id: "b", title: "B")]
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(items: first), fetchedAt: day(1))
        let a = try #require(try await store.items(ItemQuery()).first { $0.guid == "a" })
        #expect(try await store.markRead(ids: [a.id], read: true) == 1)

        let second = [
            ParsedItem(id: "c", title: "C"),
            ParsedItem(id: "a", title: "A, corrected"),
            ParsedItem(id: "b", title: "B"),
        ]
        let new = try await store.storeRefresh(feedID: feed.id, document: document(items: second), at: day(2))

        #expect(new == 1)
        let stored = try await store.item(id: a.id)
        #expect(stored?.title == "A, corrected")
        #expect(stored?.isRead == true)
        #expect(stored?.firstSeen == day(1))
        let counted = try #require(try await store.feed(id: feed.id))
        #expect(counted.itemCount == 3 && counted.unreadCount == 2)
    }

    @Test func refreshUpdatesFeedMetadataButKeepsWhatTheDocumentLacks() async throws {
        let (feed, _) = try await store.addFeed(
            url: feedURL, document: document(title: "Old", link: "https://example.org/"), fetchedAt: day(1))
        try await store.recordFailure(feedID: feed.id, error: "timed out", at: day(2))

        _ = try await store.storeRefresh(feedID: feed.id, document: document(title: "New"), at: day(3))
        var stored = try #require(try await store.feed(id: feed.id))
        #expect(stored.title == "New")
        #expect(stored.siteLink == "https://example.org/")
        #expect(stored.lastRefreshed == day(3) && stored.lastAttempt == day(3))
        #expect(stored.lastError == nil)

        _ = try await store.storeRefresh(feedID: feed.id, document: document(title: nil), at: day(4))
        stored = try #require(try await store.feed(id: feed.id))
        #expect(stored.title == "New")
    }

    @Test func itemsAreDeduplicatedByGuid() async throws {
        let feedID = try await subscribe([ParsedItem(id: "urn:1", title: "First", link: "https://e.org/old")])
        let again = [ParsedItem(id: "urn:1", title: "Renamed", link: "https://e.org/new")]
        #expect(try await store.storeRefresh(feedID: feedID, document: document(items: again), at: day(2)) == 0)
        let items = try await store.items(ItemQuery(unreadOnly: false))
        #expect(items.map(\.title) == ["Renamed"])
        #expect(items.map(\.link) == ["https://e.org/new"])
    }

    @Test func itemsWithoutGuidAreDeduplicatedByLink() async throws {
        let feedID = try await subscribe([ParsedItem(title: "First", link: "https://e.org/1")])
        let again = [
            ParsedItem(title: "Edited", link: "https://e.org/1"),
            ParsedItem(title: "Second", link: "https://e.org/2"),
        ]
        #expect(try await store.storeRefresh(feedID: feedID, document: document(items: again), at: day(2)) == 1)
        let titles = try await store.items(ItemQuery(unreadOnly: false)).map(\.title)
        #expect(Set(titles) == ["Edited", "Second"])
    }

    @Test func itemsWithoutGuidOrLinkAreDeduplicatedByHash() async throws {
        let feedID = try await subscribe([ParsedItem(title: "Note", published: day(1), summary: "v1")])
        let again = [
            ParsedItem(title: "Note", published: day(1), summary: "v2"),
            ParsedItem(title: "Note", published: day(2)),
        ]
        #expect(try await store.storeRefresh(feedID: feedID, document: document(items: again), at: day(3)) == 1)
        let items = try await store.items(ItemQuery(unreadOnly: false, includeContent: true))
        #expect(items.count == 2)
        #expect(items.last?.summary == "v2")
    }

    @Test func duplicatesInsideOneDocumentAreStoredOnceFirstWins() async throws {
        let parsed = document(items: [
            ParsedItem(id: "x", title: "Current"),
            ParsedItem(id: "y", title: "Other"),
            ParsedItem(id: "x", title: "Stale copy"),
        ])
        let (feed, count) = try await store.addFeed(url: feedURL, document: parsed, fetchedAt: day(1))
        #expect(count == 2)
        #expect(try await store.storeRefresh(feedID: feed.id, document: parsed, at: day(2)) == 0)
        let titles = try await store.items(ItemQuery()).map(\.title)
        #expect(titles == ["Current", "Other"])
    }

    @Test func aRefreshOfAThousandItemsStoresThemAll() async throws {
        let items = (0..<1_000).map { ParsedItem(id: "item-\($0)", title: "Item \($0)", content: "<p>\($0)</p>") }
        let feedID = try await subscribe([])
        #expect(try await store.storeRefresh(feedID: feedID, document: document(items: items), at: day(1)) == 1_000)
        #expect(try await store.storeRefresh(feedID: feedID, document: document(items: items), at: day(2)) == 0)
        let listed = try await store.items(ItemQuery(limit: 3))
        #expect(listed.map(\.title) == ["Item 0", "Item 1", "Item 2"])
    }

    @Test func refreshOfARemovedFeedThrowsFeedNotFound() async throws {
        let feedID = try await subscribe([ParsedItem(id: "1")])
        _ = try await store.removeFeed(id: feedID, keepStarred: false)
        await #expect(throws: FeedStoreError.feedNotFound(feedID)) {
            _ = try await store.storeRefresh(feedID: feedID, document: document(items: [ParsedItem(id: "2")]), at: day(2))
        }
        #expect(try await store.items(ItemQuery(unreadOnly: false)).isEmpty)
    }

    // MARK: - Failures

    @Test func recordFailureKeepsItemsAndLastSuccess() async throws {
        let feedID = try await subscribe([ParsedItem(id: "1")])
        try await store.recordFailure(feedID: feedID, error: "HTTP 503", at: day(5))

        let feed = try #require(try await store.feed(id: feedID))
        #expect(feed.lastError == "HTTP 503")
        #expect(feed.lastAttempt == day(5))
        #expect(feed.lastRefreshed == day(1))
        #expect(feed.itemCount == 1)
    }

    @Test func recordFailureOfARemovedFeedIsIgnored() async throws {
        let feedID = try await subscribe([])
        _ = try await store.removeFeed(id: feedID, keepStarred: false)
        try await store.recordFailure(feedID: feedID, error: "gone", at: day(2))
        #expect(try await store.feed(id: feedID) == nil)
    }

    // MARK: - Listing feeds and removing them

    @Test func feedsCarryCountersInSubscriptionOrder() async throws {
        let (first, _) = try await store.addFeed(
            url: "https://a.example/feed", document: document(title: "A", items: [ParsedItem(id: "1"), ParsedItem(id: "2"), ParsedItem(id: "3")]),
            fetchedAt: day(1))
        let (empty, _) = try await store.addFeed(url: "https://b.example/feed", document: document(title: "B"), fetchedAt: day(2))
        let (third, _) = try await store.addFeed(
            url: "https://c.example/feed", document: document(title: "C", items: [ParsedItem(id: "1")]), fetchedAt: day(3))
        let firstItems = try await store.items(ItemQuery(feedID: first.id))
        #expect(try await store.markRead(ids: firstItems.prefix(2).map(\.id), read: true) == 2)

        let feeds = try await store.feeds()
        #expect(feeds.map(\.id) == [first.id, empty.id, third.id])
        #expect(feeds.map(\.itemCount) == [3, 0, 1])
        #expect(feeds.map(\.unreadCount) == [1, 0, 1])
    }

    @Test func removeFeedCascadesToItemsAndNumbersAreNotReused() async throws {
        let (kept, _) = try await store.addFeed(url: "https://keep.example/feed", document: document(items: [ParsedItem(id: "k")]), fetchedAt: day(1))
        let (gone, _) = try await store.addFeed(
            url: feedURL, document: document(title: "Gone", items: [ParsedItem(id: "1"), ParsedItem(id: "2")]), fetchedAt: day(1))
        let goneItems = try await store.items(ItemQuery(feedID: gone.id))
        _ = try await store.markRead(ids: [goneItems[0].id], read: true)

        let removed = try #require(try await store.removeFeed(id: gone.id, keepStarred: false))
        #expect(removed.feed.title == "Gone")
        #expect(removed.feed.itemCount == 2 && removed.feed.unreadCount == 1)
        #expect(removed.deletedItems == 2 && removed.keptItems == 0)
        #expect(try await store.feed(id: gone.id) == nil)
        #expect(try await store.removeFeed(id: gone.id, keepStarred: false) == nil)
        for item in goneItems { #expect(try await store.item(id: item.id) == nil) }
        #expect(try await store.items(ItemQuery(unreadOnly: false)).map(\.feedID) == [kept.id])

        // The same URL again is a new feed, and neither it nor its items take old numbers.
        let (again, _) = try await store.addFeed(url: feedURL, document: document(items: [ParsedItem(id: "1")]), fetchedAt: day(2))
        #expect(again.id > gone.id)
        let newItem = try #require(try await store.items(ItemQuery(feedID: again.id)).first)
        #expect(newItem.id > goneItems.map(\.id).max()!)
    }

    // MARK: - The database file

    @Test func fileBackedStoreUsesWALInAPrivateDirectory() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = root.appendingPathComponent("data/tidings")
        let path = directory.appendingPathComponent("tidings.sqlite").path

        let store = try SQLiteFeedStore(path: path, text: .verbatim)
        #expect(store.path == path)
        #expect(store.schemaVersion == SQLiteFeedStore.latestSchemaVersion)
        let mode = try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o700)
        #expect(try await store.pragma("journal_mode") == "wal")
        #expect(try await store.pragma("synchronous") == "1")
        #expect(try await store.pragma("foreign_keys") == "1")
        #expect(try await store.pragma("page_size") == "16384")
        #expect(try await store.pragma("wal_autocheckpoint") == "\((32 << 20) / 16384)")
        #expect(try await store.pragma("journal_size_limit") == "\(16 << 20)")
        #expect(try await store.pragma("auto_vacuum") == "2")  // incremental
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(items: [ParsedItem(id: "1")]), fetchedAt: day(1))

        // Opening again runs no migration twice and finds the data.
        let reopened = try SQLiteFeedStore(path: path, text: .verbatim)
        #expect(reopened.schemaVersion == SQLiteFeedStore.latestSchemaVersion)
        #expect(try await reopened.feed(id: feed.id)?.itemCount == 1)
    }

    /// A page size is fixed once a database is in WAL mode: one made with SQLite's default keeps
    /// it, and its log is bounded in bytes all the same.
    @Test func aDatabaseWithSmallerPagesKeepsThem() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let path = root.appendingPathComponent("tidings.sqlite").path
        let older = try DatabaseQueue(path: path)
        try await older.writeWithoutTransaction { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "CREATE TABLE before_the_store (x)")
        }
        try older.close()

        let store = try SQLiteFeedStore(path: path, text: .verbatim)
        #expect(try await store.pragma("page_size") == "4096")
        #expect(try await store.pragma("wal_autocheckpoint") == "\((32 << 20) / 4096)")
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(items: [ParsedItem(id: "1")]), fetchedAt: day(1))
        #expect(try await store.feed(id: feed.id)?.itemCount == 1)
        // Made without incremental auto-vacuum, it takes it at its next VACUUM.
        #expect(try await store.pragma("auto_vacuum") == "0")
        try await store.reclaimFreePages()  // nothing it can do: no error
        try await store.vacuum()
        #expect(try await store.pragma("auto_vacuum") == "2")
        #expect(try await store.feed(id: feed.id)?.itemCount == 1)
    }

    @Test func freePagesAreGivenBackAndTheFileShrinksAtTheCheckpoint() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("tidings.sqlite").path
        let store = try SQLiteFeedStore(path: path, text: .verbatim)
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(), fetchedAt: day(1))
        // About 60 MB of items, then most of them deleted: more free pages than one step gives back.
        try await insertItems(15_000, of4000BytesInto: feed.id, store)
        try await store.checkpoint()
        try await store.writer.write { db in try db.execute(sql: "DELETE FROM item WHERE id % 10 <> 0") }
        try await store.checkpoint()
        let full = try fileSize(path)
        let free = try await store.pragma("freelist_count").flatMap { Int($0) } ?? 0
        #expect(free > SQLiteFeedStore.pagesReclaimedPerStep)

        try await store.reclaimFreePages()
        #expect(try await store.pragma("freelist_count") == "0")
        try await store.checkpoint()
        #expect(try fileSize(path) <= full - free * 16384)
        #expect(try await store.feed(id: feed.id)?.itemCount == 1500)
        let kept = try await store.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item WHERE length(html) = 4000") }
        #expect(kept == 1500)

        // A few free pages (at most 100 items' worth here) are left for the next items.
        try await store.writer.write { db in
            try db.execute(sql: "DELETE FROM item WHERE id IN (SELECT id FROM item ORDER BY id LIMIT 100)")
        }
        try await store.reclaimFreePages()
        let left = try await store.pragma("freelist_count").flatMap { Int($0) } ?? 0
        #expect(left > 0 && left * 16384 <= SQLiteFeedStore.freeBytesKept)
    }

    @Test func aCheckpointFoldsTheLogIntoTheDatabaseFile() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("tidings.sqlite").path
        let store = try SQLiteFeedStore(path: path, text: .verbatim)
        let before = try fileSize(path)
        // Random text: stored compressed, it still takes more than 500 bytes an item.
        let items = (0..<200).map { ParsedItem(id: "\($0)", content: (0..<40).map { _ in UUID().uuidString }.joined()) }
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(items: items), fetchedAt: day(1))
        // The items are in the log only: below the automatic checkpoint's 32 MiB.
        #expect(try fileSize(path) == before)
        try await store.checkpoint()
        #expect(try fileSize(path) > before + 200 * 500)
        #expect(try await store.feed(id: feed.id)?.itemCount == 200)
        try await SQLiteFeedStore.inMemory().checkpoint()  // no log: nothing to do, no error
    }

    @Test func aLongLogIsCutBackAtTheCheckpointNotAtTheNextWrite() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("tidings.sqlite").path
        let store = try SQLiteFeedStore(path: path, text: .verbatim)
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(), fetchedAt: day(1))
        // About 24 MB of log, more than the 16 MiB it is cut back to.
        try await insertItems(5_000, of4000BytesInto: feed.id, store)
        #expect(try fileSize(path + "-wal") > SQLiteFeedStore.walBytesKept)
        try await store.checkpoint()
        #expect(try fileSize(path + "-wal") == 0)
        #expect(try await store.feed(id: feed.id)?.itemCount == 5000)
    }

    /// `count` items of 4,000 random bytes of HTML each in one transaction, inserted around the
    /// store's writer (which counts what it inserts), so the feed's counters are set after.
    private func insertItems(_ count: Int, of4000BytesInto feedID: Int64, _ store: SQLiteFeedStore) async throws {
        try await store.writer.write { db in
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                INSERT INTO item (feed_id, key, title, html, first_seen) SELECT ?, 'k' || i, 't', randomblob(4000), 0 FROM n
                """, arguments: [count, feedID])
            try SQLiteFeedStore.recountFeeds(db)
        }
    }

    private func fileSize(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? -1
    }

    @Test func concurrentRefreshesAndReadsAllLand() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let store = try SQLiteFeedStore(path: root.appendingPathComponent("tidings.sqlite").path, text: .verbatim)
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(), fetchedAt: day(1))

        let newCounts = try await withThrowingTaskGroup(of: Int.self) { group in
            for batch in 0..<8 {
                group.addTask {
                    let items = (0..<50).map { ParsedItem(id: "\(batch)-\($0)") }
                    return try await store.storeRefresh(feedID: feed.id, document: document(items: items), at: day(2))
                }
                group.addTask { try await store.items(ItemQuery(limit: 10)).count }
            }
            var stored: [Int] = []
            for try await count in group { stored.append(count) }
            return stored
        }
        #expect(newCounts.contains(50))
        #expect(try await store.feed(id: feed.id)?.itemCount == 400)
    }

    @Test func unusableLocationsFailWithAClearMessage() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }

        let notADatabase = root.appendingPathComponent("notes.sqlite")
        try Data(String(repeating: "not SQLite at all. ", count: 100).utf8).write(to: notADatabase)
        let error = try #require(throws: FeedStoreDatabaseError.self) {
            _ = try SQLiteFeedStore(path: notADatabase.path, text: .verbatim)
        }
        #expect(error.sqliteCode == 26)
        #expect(error.description.contains(notADatabase.path))
        #expect(error.description.contains("not a database"))

        let underAFile = notADatabase.appendingPathComponent("tidings.sqlite").path
        let blocked = try #require(throws: FeedStoreDatabaseError.self) { _ = try SQLiteFeedStore(path: underAFile, text: .verbatim) }
        #expect(blocked.description == "cannot create the database directory \(notADatabase.path): a file is in the way")
    }

    // MARK: - Helpers

    private func subscribe(_ items: [ParsedItem]) async throws -> Int64 {
        try await store.addFeed(url: feedURL, document: document(items: items), fetchedAt: day(1)).feed.id
    }
}

let feedURL = "https://example.org/feed.xml"

/// Midnight UTC of day `n` of November 2023: whole seconds, so dates survive storage exactly.
func day(_ n: Int) -> Date {
    Date(timeIntervalSince1970: 1_698_796_800 + Double(n) * 86_400)
}

func document(title: String? = "Example", link: String? = nil, items: [ParsedItem] = []) -> ParsedFeed {
    ParsedFeed(format: .rss20, title: title, link: link, items: items)
}

import FeedEntities
@testable import FeedStorage
import Foundation
import Testing

/// Health and scheduling columns (migration v2): what successes, 304s, failures, retirement and
/// moves record on a feed.
struct SQLiteFeedStoreHealthTests {
    let store: SQLiteFeedStore

    init() throws {
        store = try SQLiteFeedStore.inMemory()
    }

    @Test func failuresCountUpAndASuccessResetsThem() async throws {
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(), check: FeedCheck(
            at: day(1), httpStatus: 200, etag: "\"a\"", lastModified: "then", nextCheck: day(2)))
        #expect(feed.etag == "\"a\"" && feed.lastModified == "then" && feed.nextCheck == day(2) && feed.httpStatus == 200)

        try await store.recordFailure(feedID: feed.id, error: "HTTP 500", check: FeedCheck(at: day(2), httpStatus: 500, nextCheck: day(3)))
        try await store.recordFailure(feedID: feed.id, error: "timed out", check: FeedCheck(at: day(3), nextCheck: day(5)))
        var stored = try #require(try await store.feed(id: feed.id))
        #expect(stored.consecutiveFailures == 2 && stored.lastError == "timed out" && stored.httpStatus == nil)
        #expect(stored.etag == "\"a\"", "a failure keeps the validators of the stored document")
        #expect(stored.nextCheck == day(5) && stored.lastRefreshed == day(1) && stored.lastAttempt == day(3))

        try await store.recordNotModified(feedID: feed.id, check: FeedCheck(at: day(6), httpStatus: 304, etag: "\"a\"", nextCheck: day(7)))
        stored = try #require(try await store.feed(id: feed.id))
        #expect(stored.consecutiveFailures == 0 && stored.lastError == nil && stored.lastRefreshed == day(6))
        #expect(stored.httpStatus == 304 && stored.nextCheck == day(7))
    }

    @Test func aRetiredFeedKeepsItsItemsUntilItAnswersAgain() async throws {
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(items: [ParsedItem(id: "1")]), fetchedAt: day(1))
        try await store.retireFeed(feedID: feed.id, check: FeedCheck(at: day(2)))
        try await store.retireFeed(feedID: feed.id, check: FeedCheck(at: day(3)))
        var stored = try #require(try await store.feed(id: feed.id))
        #expect(stored.goneSince == day(2) && stored.itemCount == 1 && stored.httpStatus == 410 && stored.nextCheck == nil)

        _ = try await store.storeRefresh(feedID: feed.id, document: document(), check: FeedCheck(at: day(4), httpStatus: 200))
        stored = try #require(try await store.feed(id: feed.id))
        #expect(stored.goneSince == nil)
    }

    @Test func movingKeepsItemsAndRefusesAURLAnotherFeedHas() async throws {
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(items: [ParsedItem(id: "1")]), fetchedAt: day(1))
        let (other, _) = try await store.addFeed(url: "https://example.net/feed", document: document(), fetchedAt: day(1))
        let item = try #require(try await store.items(ItemQuery(unreadOnly: false, feedID: feed.id)).first)
        _ = try await store.markRead(ids: [item.id], read: true)

        #expect(try await store.moveFeed(id: feed.id, to: other.url) == false)
        #expect(try await store.moveFeed(id: feed.id, to: "https://example.org/new"))
        let moved = try #require(try await store.feed(id: feed.id))
        #expect(moved.url == "https://example.org/new" && moved.itemCount == 1 && moved.unreadCount == 0)
    }
}

/// A refresh writes feed after feed; listings must never wait for it (WAL: readers see the last
/// committed state while a write transaction is open). A read that waited would hang the test
/// until its time limit.
@Suite(.timeLimit(.minutes(3)))
struct SQLiteFeedStoreConcurrencyTests {
    @Test func readsAnswerWhileAWriteTransactionIsOpen() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-wal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let store = try SQLiteFeedStore(path: root.appendingPathComponent("tidings.sqlite").path, text: .verbatim)
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(items: [ParsedItem(id: "1")]), fetchedAt: day(1))

        let release = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
        let writing = Task {
            try await store.write("hold the writer") { db in
                try db.execute(sql: "UPDATE feed SET title = 'during' WHERE id = ?", arguments: [feed.id])
                entered.signal()
                release.wait()  // the transaction stays open until the reads below are done
            }
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { entered.wait(); continuation.resume() }
        }

        let feeds = try await store.feeds()
        let items = try await store.items(ItemQuery(unreadOnly: false))
        release.signal()
        try await writing.value

        #expect(feeds.first?.title == "Example", "the reader sees the last committed state")
        #expect(items.count == 1)
        #expect(try await store.feeds().first?.title == "during")
    }
}

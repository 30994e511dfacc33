import FeedEntities
@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// Refreshes that wait for the writer together share one transaction; when one of them throws,
/// the others are stored one by one: what it throws reaches its caller alone, and what a caller
/// is told is what is stored.
struct SQLiteFeedStoreGroupCommitTests {
    let store: SQLiteFeedStore

    init() throws {
        store = try SQLiteFeedStore.inMemory()
    }

    @Test func manyRefreshesAtOnceAreAllStored() async throws {
        var feeds: [Int64] = []
        for n in 1...40 {
            feeds.append(try await store.addFeed(url: "https://example.org/\(n).xml", document: document(), fetchedAt: day(1)).feed.id)
        }
        let stored = try await withThrowingTaskGroup(of: Int.self) { group in
            for (n, feed) in feeds.enumerated() {
                group.addTask { [store] in
                    try await store.storeRefresh(feedID: feed, document: document(items: items(n % 5 + 1)), at: day(2))
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(stored == feeds.indices.map { $0 % 5 + 1 }.reduce(0, +))
        for (n, feed) in feeds.enumerated() {
            #expect(try await store.feed(id: feed)?.itemCount == n % 5 + 1)
        }
    }

    @Test func aRefreshThatFailsInABatchFailsAlone() async throws {
        let a = try await store.addFeed(url: "https://example.org/a.xml", document: document(), fetchedAt: day(1)).feed.id
        let b = try await store.addFeed(url: "https://example.org/b.xml", document: document(), fetchedAt: day(1)).feed.id
        let c = try await store.addFeed(url: "https://example.org/c.xml", document: document(), fetchedAt: day(1)).feed.id
        _ = try await store.removeFeed(id: b, keepStarred: false)

        let writer = try await holdTheWriter()
        let refreshes = [a, b, c].map { feed in
            Task { [store] in try await store.storeRefresh(feedID: feed, document: document(items: items(2)), at: day(2)) }
        }
        try await waitUntilWaiting(3)
        writer.release()
        #expect(try await refreshes[0].value == 2)
        await #expect(throws: FeedStoreError.feedNotFound(b)) { try await refreshes[1].value }
        #expect(try await refreshes[2].value == 2)
        #expect(try await store.feed(id: a)?.itemCount == 2)
        #expect(try await store.feed(id: c)?.itemCount == 2)
    }

    @Test func aRefreshCancelledWhileItWaitsIsNotStored() async throws {
        let a = try await store.addFeed(url: "https://example.org/a.xml", document: document(), fetchedAt: day(1)).feed.id
        let b = try await store.addFeed(url: "https://example.org/b.xml", document: document(), fetchedAt: day(1)).feed.id
        let writer = try await holdTheWriter()
        let cancelled = Task { [store] in try await store.storeRefresh(feedID: a, document: document(items: items(3)), at: day(2)) }
        let kept = Task { [store] in try await store.storeRefresh(feedID: b, document: document(items: items(3)), at: day(2)) }
        try await waitUntilWaiting(2)
        cancelled.cancel()
        writer.release()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(try await kept.value == 3)
        #expect(try await store.feed(id: a)?.itemCount == 0)
        #expect(try await store.feed(id: b)?.itemCount == 3)
    }

    /// A full database in the middle of a batch: the refresh too big for it fails, the others
    /// are stored, and what each caller is told is what is stored.
    @Test func aFullDatabaseMidBatchFailsOnlyTheRefreshThatDoesNotFit() async throws {
        let feeds = try await (1...3).asyncMap { n in
            try await store.addFeed(url: "https://example.org/\(n).xml", document: document(), fetchedAt: day(1)).feed.id
        }
        try await store.write(withoutTransaction: "limit the database") { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(pages + 40)")
        }
        // Stored compressed: random text, which compresses to no less than half.
        let big = ParsedItem(id: "big", title: "Big", summary: (0..<80_000).map { _ in UUID().uuidString }.joined())
        let documents = [document(items: items(1)), document(items: [big]), document(items: items(1))]
        let writer = try await holdTheWriter()
        let refreshes = zip(feeds, documents).map { feed, document in
            Task { [store] in try await store.storeRefresh(feedID: feed, document: document, at: day(2)) }
        }
        try await waitUntilWaiting(3)
        writer.release()
        await #expect {
            try await refreshes[1].value
        } throws: { error in
            FeedStoreDatabaseError.storageFailure(in: error) != nil
        }
        #expect(try await refreshes[0].value == 1)
        #expect(try await refreshes[2].value == 1)
        for (feed, expected) in zip(feeds, [1, 0, 1]) {
            #expect(try await store.feed(id: feed)?.itemCount == expected)
        }
    }

    // MARK: - Helpers

    /// A write that holds the writer until `release()`, so that the writes after it wait together.
    final class HeldWriter: Sendable {
        let releasing = DispatchSemaphore(value: 0)
        func release() { releasing.signal() }
    }

    private func holdTheWriter() async throws -> HeldWriter {
        let held = HeldWriter()
        let started = AsyncStream<Void>.makeStream()
        Task { [store] in
            _ = try await store.writeGrouped("hold the writer") { _ in
                started.continuation.yield()
                held.releasing.wait()
                return 0
            }
        }
        var iterator = started.stream.makeAsyncIterator()
        await iterator.next()
        return held
    }

    private func waitUntilWaiting(_ count: Int) async throws {
        while store.groupCommit.waitingCount < count { try await Task.sleep(for: .milliseconds(1)) }
    }
}

private func items(_ count: Int) -> [ParsedItem] {
    (1...count).map { ParsedItem(id: "item-\($0)", title: "Item \($0)") }
}

extension Sequence {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}

@testable import FeedDaemon
import FeedEntities
import FeedStorage
import Foundation
import Logging
import Testing

/// What the broadcaster announces across a restore of the database.
@Suite(.timeLimit(.minutes(3)))
struct NewItemsBroadcasterTests {
    @Test func afterARestoreItemsStoredWithLowerNumbersAreStillAnnounced() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-broadcast-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("tidings.sqlite").path
        let store = try SQLiteFeedStore(path: path, text: .verbatim)
        func add(_ title: String) async throws {
            _ = try await store.addFeed(
                url: "https://example.org/\(title)",
                document: ParsedFeed(format: .rss20, title: title, items: [ParsedItem(id: title, title: title)]),
                fetchedAt: Date(timeIntervalSince1970: 1_700_000_000))
        }
        try await add("A")
        // A copy of the file once everything is checkpointed into it, nothing writing meanwhile.
        try await store.checkpoint()
        let backup = directory.appendingPathComponent("backup.sqlite").path
        try FileManager.default.copyItem(atPath: path, toPath: backup)
        try await add("B")
        try await add("C")
        let broadcaster = NewItemsBroadcaster(store: store, logger: Logger(label: "test"))
        var batches = await broadcaster.watch().makeAsyncIterator()
        var stores = await broadcaster.watchStores().makeAsyncIterator()

        _ = try await store.restore(from: backup)
        await broadcaster.databaseReplaced()
        try await add("D")
        await broadcaster.storedNewItems()

        // D's item has the number B's had before the restore, and is new all the same.
        let announced = try #require(await batches.next())
        #expect(announced.map(\.title) == ["D"])
        #expect(await stores.next() == 2...2)
    }
}

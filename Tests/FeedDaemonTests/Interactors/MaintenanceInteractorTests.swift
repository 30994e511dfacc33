@testable import FeedDaemon
import FeedEntities
import FeedIPC
import FeedStorage
import Foundation
import Logging
import Testing

/// Retention and `maintenance` over a real (in-memory) store.
struct MaintenanceInteractorTests {
    let store: SQLiteFeedStore
    /// 30 items, one a day from 2026-11-01, fetched when the last came out; "now" is a day after it.
    static let start = Date(timeIntervalSince1970: 1_793_491_200)

    init() async throws {
        store = try SQLiteFeedStore.inMemory()
        let items = (1...30).map { ParsedItem(id: "\($0)", title: "Item \($0)", published: Self.start.addingTimeInterval(Double($0) * 86_400)) }
        _ = try await store.addFeed(
            url: "https://example.org/feed", document: ParsedFeed(format: .rss20, title: "Example", items: items),
            fetchedAt: Self.start.addingTimeInterval(30 * 86_400))
    }

    /// - Parameter policy: what the config says, for `maintain(retention: true)`.
    private func interactor(_ policy: RetentionPolicy = RetentionPolicy()) -> MaintenanceInteractor {
        MaintenanceInteractor(
            store: store, retentionPolicy: { policy },
            now: { Self.start.addingTimeInterval(31 * 86_400) }, logger: Logger(label: "test"))
    }

    private func itemCount() async throws -> Int {
        try await store.statistics().items
    }

    @Test func retentionWithoutLimitsDeletesNothing() async throws {
        #expect(try await interactor().applyRetention(RetentionPolicy(keepUnread: false)) == 0)
        #expect(try await itemCount() == 30)
    }

    @Test func retentionDeletesWhatThePolicyLetsGo() async throws {
        // Unread items are kept by default.
        #expect(try await interactor().applyRetention(RetentionPolicy(maximumItemsPerFeed: 10)) == 0)
        #expect(try await interactor().applyRetention(RetentionPolicy(maximumAge: 5 * 86_400, keepUnread: false)) == 25)
        #expect(try await itemCount() == 5)
    }

    @Test func maintainChecksAppliesTheCurrentPolicyAndVacuums() async throws {
        let result = try await interactor(RetentionPolicy(maximumItemsPerFeed: 10, keepUnread: false))
            .maintain(vacuum: true, retention: true)
        #expect(result.problems.isEmpty && result.isSound)
        #expect(result.retentionApplied && result.itemsDeleted == 20)
        #expect(result.vacuumed)
        #expect(result.bytesBefore == 0 && result.bytesAfter == 0, "in memory")
        #expect(result.durationMilliseconds >= 0)
        #expect(try await itemCount() == 10)
    }

    @Test func retentionRunsOnlyWhenAsked() async throws {
        let result = try await interactor(RetentionPolicy(maximumItemsPerFeed: 10, keepUnread: false))
            .maintain(vacuum: false, retention: false)
        #expect(!result.retentionApplied && result.itemsDeleted == 0 && !result.vacuumed)
        #expect(try await itemCount() == 30)
    }

    @Test func aFileBackedDatabaseReportsItsSizeBeforeAndAfter() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-maint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteFeedStore(path: directory.appendingPathComponent("t.sqlite").path, text: .verbatim)
        let body = String(repeating: "words ", count: 2_000)
        let items = (1...200).map { ParsedItem(id: "\($0)", published: Self.start, content: body) }
        let (feed, _) = try await store.addFeed(
            url: "https://example.org/big", document: ParsedFeed(format: .rss20, items: items), fetchedAt: Self.start)
        _ = try await store.markAllRead(feedID: feed.id, read: true)
        try await store.checkpoint()
        let maintenance = MaintenanceInteractor(
            store: store, retentionPolicy: { RetentionPolicy(maximumItemsPerFeed: 10) }, logger: Logger(label: "test"))
        let result = try await maintenance.maintain(vacuum: true, retention: true)
        #expect(result.itemsDeleted == 190)
        #expect(result.bytesBefore > 1_000_000, "\(result)")
        #expect(result.bytesAfter < result.bytesBefore / 4, "\(result)")
    }
}

import FeedEntities
@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// A store in memory syncing with one account, and short ways to give it the service's feeds
/// and items and to read its queue, for the `SyncStore` tests.
struct SyncStoreFixture {
    static let service = "miniflux https://rss.example/ admin"
    static let blogURL = "https://blog.example/feed.xml"

    let store: SQLiteFeedStore

    init() throws {
        store = try SQLiteFeedStore.inMemory()
    }

    func startSyncing() async throws {
        _ = try await store.startSyncing(with: Self.service)
    }

    /// The service's subscription `remoteID` at `url`.
    static func subscription(
        _ remoteID: String = "f1", url: String = blogURL, title: String = "Blog", categories: [String] = ["Tech"]
    ) -> SyncSubscription {
        SyncSubscription(remoteID: remoteID, url: url, title: title, siteLink: "https://blog.example/", categories: categories)
    }

    /// Syncs, then adds the service's subscription as a feed; returns its number.
    func syncedFeed(_ subscription: SyncSubscription = subscription()) async throws -> Int64 {
        try await startSyncing()
        let applied = try await store.applySubscriptions([subscription], at: day(1))
        return try #require(applied.added.first ?? applied.linked.first)
    }

    /// An entry of the service's feed `feed`.
    static func entry(
        _ remoteID: String, feed: String = "f1", title: String, read: Bool = false, starred: Bool = false, id: String? = nil,
        link: String? = nil, content: String? = nil
    ) -> SyncedItem {
        SyncedItem(
            remoteID: remoteID, remoteFeedID: feed,
            item: ParsedItem(id: id, title: title, link: link ?? "https://blog.example/\(remoteID)", content: content),
            read: read, starred: starred)
    }

    @discardableResult
    func store(_ entries: [SyncedItem], rules: RuleSet = .none) async throws -> SyncedItemsStored {
        try await store.storeSyncedItems(entries, rules: rules, at: day(2))
    }

    /// The item titled `title` (of any feed, hidden or not).
    func item(_ title: String) async throws -> Item {
        let items = try await store.items(ItemQuery(unreadOnly: false, includeHidden: true))
        return try #require(items.first { $0.title == title }, "no item \(title) among \(items.compactMap(\.title))")
    }

    /// Every queued change, due or not.
    func queue() async throws -> [PendingSyncChange] {
        try await store.pendingSyncChanges(dueAt: .distantFuture, limit: 1000)
    }

    /// The queue as `kind remote value` lines, for comparing at a glance.
    func queueLines() async throws -> [String] {
        try await queue().map { "\($0.kind.rawValue) \($0.remoteID ?? "-") \($0.value.map { $0 ? "1" : "0" } ?? "-")" }
    }

    /// `remote_id` of every item, by title.
    func itemRemoteIDs() throws -> [String: String?] {
        try store.writer.read { db in
            Dictionary(
                try Row.fetchAll(db, sql: "SELECT title, remote_id FROM item").map { ($0[0] as String, $0[1] as String?) },
                uniquingKeysWith: { first, _ in first })
        }
    }

    /// `remote_id` of every feed (unsubscribed ones too), by URL.
    func feedRemoteIDs() throws -> [String: String?] {
        try store.writer.read { db in
            Dictionary(
                try Row.fetchAll(db, sql: "SELECT url, remote_id FROM feed").map { ($0[0] as String, $0[1] as String?) },
                uniquingKeysWith: { first, _ in first })
        }
    }
}

extension SyncStoreFixture {
    /// `read`, `starred`, both or `-` for every item by title, copies of an article included
    /// (listings fold them into the first).
    func states() throws -> [String: String] {
        try store.writer.read { db in
            Dictionary(
                try Row.fetchAll(db, sql: "SELECT title, is_read, is_starred FROM item").map { row in
                    let flags = [(row[1] as Bool) ? "read" : nil, (row[2] as Bool) ? "starred" : nil].compactMap { $0 }
                    return (row[0] as String, flags.isEmpty ? "-" : flags.joined(separator: " "))
                },
                uniquingKeysWith: { first, _ in first })
        }
    }
}

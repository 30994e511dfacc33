import FeedEntities
@testable import FeedStorage
import Foundation
import Testing

/// A feed's own settings: stored in clear with the feed, read back with it, and its own
/// retention limits in place of the global ones.
struct SQLiteFeedStoreFeedSettingsTests {
    let store: SQLiteFeedStore

    init() throws {
        store = try SQLiteFeedStore.inMemory()
    }

    func settings(_ assignments: String...) throws -> FeedSettings {
        var settings = FeedSettings()
        try settings.apply(assignments)
        return settings
    }

    /// Items `1...count` published on days `1...count`, all read.
    func subscribe(_ url: String, items count: Int, settings: FeedSettings = FeedSettings()) async throws -> Int64 {
        let items = (1...count).map { ParsedItem(id: "\(url)#\($0)", title: "Item \($0)", published: day($0)) }
        let id = try await store.addFeed(
            url: url, document: document(items: items), check: FeedCheck(at: day(count)), tags: [], customTitle: nil,
            settings: settings, rules: .none
        ).feed.id
        _ = try await store.markAllRead(feedID: id, read: true)
        return id
    }

    /// Feeds stored with a password in their URL (before subscribing took it out) lose it to
    /// their auth settings; a feed that names a user keeps its own, and one whose plain URL
    /// another feed has keeps its URL.
    @Test func passwordsInStoredURLsMoveToTheAuthSettings() async throws {
        let plain = try await subscribe("https://ada:pw%21@example.org/a.xml", items: 1)
        let named = try await subscribe("https://bob:old@example.org/b.xml", items: 1, settings: try settings("auth_user=carol"))
        _ = try await subscribe("https://example.org/c.xml", items: 1)
        let clash = try await subscribe("https://dan:pw@example.org/c.xml", items: 1)
        let userOnly = try await subscribe("https://erin@example.org/d.xml", items: 1)

        #expect(try await store.moveURLCredentials() == 3)
        #expect(try await store.feed(id: plain)?.url == "https://example.org/a.xml")
        #expect(try await store.feed(id: plain)?.settings == FeedSettings(authUser: "ada", authPassword: .value("pw!")))
        #expect(try await store.feed(id: named)?.url == "https://example.org/b.xml")
        #expect(try await store.feed(id: named)?.settings == (try settings("auth_user=carol")))
        #expect(try await store.feed(id: clash)?.url == "https://dan:pw@example.org/c.xml")
        #expect(try await store.feed(id: userOnly)?.settings == FeedSettings(authUser: "erin"))
        #expect(try await store.moveURLCredentials() == 0)
    }

    @Test func settingsAreStoredWithTheFeedAndReadBackInClear() async throws {
        let own = try settings("interval=2h", "cookie=session=s3cret", "header=Authorization: Bearer t0ken", "keep_days=3")
        let id = try await subscribe("https://example.org/a.xml", items: 1, settings: own)
        #expect(try await store.feed(id: id)?.settings == own)
        #expect(try await store.feeds().first?.settings.cookie == "session=s3cret")

        let changed = try await store.changeSettings(feedID: id) { $0 = FeedSettings(); $0.userAgent = "Reader/1" }
        #expect(changed.settings == (try settings("user_agent=Reader/1")))
        #expect(try await store.changeSettings(feedID: id) { $0 = FeedSettings() }.settings.isEmpty)
        await #expect(throws: FeedStoreError.feedNotFound(99)) { try await store.changeSettings(feedID: 99) { _ in } }
    }

    @Test func changesAtOnceAllTakeEffect() async throws {
        let id = try await subscribe("https://example.org/a.xml", items: 1)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for key in ["interval=1h", "timeout=30s", "user_agent=Reader/2", "keep_days=4"] {
                group.addTask { _ = try await store.changeSettings(feedID: id) { try $0.apply([key]) } }
            }
            try await group.waitForAll()
        }
        #expect(try await store.feed(id: id)?.settings == (try settings("interval=1h", "timeout=30s", "user_agent=Reader/2", "keep_days=4")))
    }

    @Test func aFeedsOwnRetentionReplacesTheGlobalOne() async throws {
        let capped = try await subscribe("https://example.org/capped.xml", items: 5, settings: try settings("keep_per_feed=2"))
        let unlimited = try await subscribe("https://example.org/all.xml", items: 5, settings: try settings("keep_per_feed=0"))
        let plain = try await subscribe("https://example.org/plain.xml", items: 5)

        let result = try await store.applyRetention(RetentionPolicy(maximumItemsPerFeed: 3, keepUnread: false), now: day(10))

        #expect(result.deletedPerFeed == [capped: 3, plain: 2])
        #expect(try await store.feed(id: unlimited)?.itemCount == 5)
    }

    @Test func aFeedsOwnLimitAppliesWithoutAGlobalOne() async throws {
        let old = try await subscribe("https://example.org/old.xml", items: 5, settings: try settings("keep_days=7"))
        _ = try await subscribe("https://example.org/plain.xml", items: 5)

        // Days 1...5, now an hour into day 10: items older than 7 days (days 1, 2 and 3) go.
        let result = try await store.applyRetention(RetentionPolicy(keepUnread: false), now: day(10) + 3600)

        #expect(result.deletedPerFeed == [old: 3])
    }
}

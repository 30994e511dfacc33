import FeedEntities
import FeedStorage
import Foundation
import Testing

@testable import FeedDaemon

/// `feeds.settings`: all or nothing, errors that name the key, an unknown feed refused.
struct FeedSettingsInteractorTests {
    let store: SQLiteFeedStore
    let interactor: FeedSettingsInteractor
    let feedID: Int64

    init() async throws {
        store = try SQLiteFeedStore.inMemory()
        interactor = FeedSettingsInteractor(store: store)
        feedID = try await store.addFeed(
            url: "https://example.org/feed.xml", document: ParsedFeed(format: .rss20, title: "Example"), fetchedAt: Date()
        ).feed.id
    }

    @Test func setThenUnsetChangesTheStoredSettings() async throws {
        let set = try await interactor.change(feedID, set: ["interval=5m", "header=X-Token: abc", "timeout=20s"], unset: [])
        #expect(set.settings.interval == 300 && set.settings.timeout == 20 && set.settings.headers == ["X-Token: abc"])
        let unset = try await interactor.change(feedID, set: [], unset: ["header", "timeout"])
        #expect(unset.settings.interval == 300 && unset.settings.headers.isEmpty && unset.settings.timeout == nil)
        #expect(try await store.feed(id: feedID)?.settings == unset.settings)
        #expect(try await interactor.change(feedID, set: [], unset: []) == unset, "nothing to change: a read")
    }

    @Test func aRefusedAssignmentChangesNothing() async throws {
        _ = try await interactor.change(feedID, set: ["interval=1h"], unset: [])
        await #expect(throws: FeedSettingsError.self) {
            try await interactor.change(feedID, set: ["user_agent=Reader", "frobnicate=1"], unset: [])
        }
        #expect(try await store.feed(id: feedID)?.settings.userAgent == nil)
        #expect(try await store.feed(id: feedID)?.settings.interval == 3600)
    }

    @Test func aNumberNoFeedHasIsRefused() async throws {
        await #expect(throws: FeedStoreError.feedNotFound(42)) { try await interactor.change(42, set: ["interval=1h"], unset: []) }
    }
}

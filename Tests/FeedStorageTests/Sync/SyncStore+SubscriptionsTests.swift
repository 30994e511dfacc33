import FeedEntities
@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// `SyncStore.applySubscriptions`: the feeds follow the service's subscriptions, local changes
/// waiting for the service win, and nothing it does is queued.
struct SyncStoreSubscriptionsTests {
    let fixture: SyncStoreFixture
    var store: SQLiteFeedStore { fixture.store }

    init() throws {
        fixture = try SyncStoreFixture()
    }

    @Test func subscriptionsMadeElsewhereBecomeFeedsTaggedWithTheirCategories() async throws {
        try await fixture.startSyncing()
        let applied = try await store.applySubscriptions([
            SyncStoreFixture.subscription(),
            SyncStoreFixture.subscription("f2", url: "https://news.example/rss", title: "News", categories: ["World", "bad,tag"]),
        ], at: day(1))
        #expect(applied.added.count == 2 && applied.linked.isEmpty && applied.removed.isEmpty)
        let feeds = try await store.syncFeeds()
        #expect(feeds.map(\.title) == ["Blog", "News"] && feeds.map(\.remoteID) == ["f1", "f2"])
        #expect(feeds.map(\.tags) == [["Tech"], ["World"]])
        #expect(feeds.map(\.remoteCategories) == [["Tech"], ["World"]])
        #expect(try await store.feeds().first?.siteLink == "https://blog.example/")
        #expect(try await fixture.queue().isEmpty)
        // The same picture again changes nothing.
        #expect(try await store.applySubscriptions([
            SyncStoreFixture.subscription(),
            SyncStoreFixture.subscription("f2", url: "https://news.example/rss", title: "News", categories: ["World", "bad,tag"]),
        ], at: day(2)) == SubscriptionsApplied())
    }

    @Test func aLocalFeedOfTheSameAddressIsLinkedWithItsItems() async throws {
        // Subscribed before syncing, then once syncing is on (a subscribe waits for it).
        let before = try await store.addFeed(
            url: SyncStoreFixture.blogURL, document: document(items: [ParsedItem(id: "1", title: "Old")]), fetchedAt: day(1)).feed.id
        _ = try await store.markRead(ids: [try await fixture.item("Old").id], read: true)
        _ = try await store.tagFeed(id: before, adding: ["Mine"], removing: [])
        try await fixture.startSyncing()
        let during = try await store.addFeed(url: "https://news.example/rss", document: document(), fetchedAt: day(1)).feed.id
        #expect(try await fixture.queue().map(\.kind) == [.subscribe])

        let applied = try await store.applySubscriptions([
            SyncStoreFixture.subscription(),
            SyncStoreFixture.subscription("f2", url: "https://news.example/rss", title: "News", categories: []),
        ], at: day(2))
        #expect(applied.linked.sorted() == [before, during] && applied.added.isEmpty)
        #expect(try await fixture.item("Old").isRead)
        let blog = try #require(try await store.syncFeeds().first { $0.id == before })
        #expect(blog.remoteID == "f1" && blog.tags == ["Mine", "Tech"])
        #expect(try await fixture.queue().isEmpty)
    }

    @Test func feedsGoneFromTheServiceAreRemovedKeepingStarredItems() async throws {
        let feed = try await fixture.syncedFeed()
        try await fixture.store([SyncStoreFixture.entry("101", title: "Kept", starred: true), SyncStoreFixture.entry("102", title: "Gone")])
        let applied = try await store.applySubscriptions([], at: day(3))
        #expect(applied.removed == [feed])
        #expect(try await store.feeds().isEmpty)
        let kept = try await store.items(ItemQuery(unreadOnly: false))
        #expect(kept.map(\.title) == ["Kept"] && kept.first?.isStarred == true)
        // The service did it: nothing to tell it.
        #expect(try await fixture.queue().isEmpty)
        // And it may come back, its kept item with it.
        let back = try await store.applySubscriptions([SyncStoreFixture.subscription()], at: day(4))
        #expect(back.linked == [feed])
        #expect(try await fixture.queue().isEmpty)
    }

    @Test func titlesAndCategoriesFollowTheServiceKeepingTheUsersOwnTags() async throws {
        let feed = try await fixture.syncedFeed()
        _ = try await store.tagFeed(id: feed, adding: ["Own"], removing: [])
        try await store.finishSyncChanges(try await fixture.queue())

        let applied = try await store.applySubscriptions(
            [SyncStoreFixture.subscription(title: "Blog, renamed", categories: ["News"])], at: day(2))
        #expect(applied.updated == [feed])
        let synced = try #require(try await store.syncFeeds().first)
        #expect(synced.title == "Blog, renamed" && synced.customTitle == nil)
        #expect(synced.tags == ["News", "Own"] && synced.remoteCategories == ["News"])
        #expect(try await fixture.queue().isEmpty)
    }

    @Test func localChangesWaitingForTheServiceWin() async throws {
        let feed = try await fixture.syncedFeed()
        _ = try await store.renameFeed(id: feed, title: "Mine")
        _ = try await store.tagFeed(id: feed, adding: ["Later"], removing: ["Tech"])

        _ = try await store.applySubscriptions([SyncStoreFixture.subscription(title: "Theirs", categories: ["News"])], at: day(2))
        let synced = try #require(try await store.syncFeeds().first)
        #expect(synced.title == "Mine" && synced.tags == ["Later"])
        #expect(try await fixture.queue().map(\.kind) == [.title, .tags])

        // An unsubscribe waiting: the service's subscription does not bring the feed back.
        _ = try await store.removeFeed(id: feed, keepStarred: false)
        let applied = try await store.applySubscriptions([SyncStoreFixture.subscription()], at: day(3))
        #expect(applied == SubscriptionsApplied())
        #expect(try await store.feeds().isEmpty)
        let lines = try await fixture.queueLines()
        #expect(lines == ["unsubscribe f1 -"])
    }

    @Test func linkingAFeedTheServiceSubscribedToTakesItsSubscribeOffTheQueue() async throws {
        try await fixture.startSyncing()
        let feed = try await store.addFeed(url: SyncStoreFixture.blogURL, document: document(), fetchedAt: day(1)).feed.id
        let subscribe = try #require(try await fixture.queue().first)
        #expect(subscribe.kind == .subscribe && subscribe.feedID == feed)
        try await store.linkFeed(id: feed, to: SyncStoreFixture.subscription())
        #expect(try await fixture.queue().isEmpty)
        #expect(try await store.syncFeeds().first?.remoteID == "f1")
        // A feed gone meanwhile is no error.
        try await store.linkFeed(id: 999, to: SyncStoreFixture.subscription("f9"))
    }
}

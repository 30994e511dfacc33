import FeedEntities
@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// `SyncStore.storeSyncedItems` and `applySyncStates`: the service's items and states, the rule
/// that decides between them and a local change waiting for the service.
struct SyncStoreItemsTests {
    let fixture: SyncStoreFixture
    var store: SQLiteFeedStore { fixture.store }

    init() throws {
        fixture = try SyncStoreFixture()
    }

    private typealias Entry = SyncStoreFixture

    @Test func newItemsComeWithTheServiceState() async throws {
        let feed = try await fixture.syncedFeed()
        let stored = try await fixture.store([
            Entry.entry("101", title: "Unread"), Entry.entry("102", title: "Read", read: true),
            Entry.entry("103", title: "Starred", read: true, starred: true),
            Entry.entry("901", feed: "unknown", title: "Of no feed here"),
        ])
        #expect(stored == SyncedItemsStored(new: 3, statesChanged: 0))
        let items = try await store.items(ItemQuery(unreadOnly: false, feedID: feed))
        #expect(Set(items.map { "\($0.title ?? "") \($0.isRead) \($0.isStarred)" }) == [
            "Unread false false", "Read true false", "Starred true true",
        ])
        #expect(try await store.feeds().first?.unreadCount == 1)
        #expect(try fixture.itemRemoteIDs() == ["Unread": "101", "Read": "102", "Starred": "103"])
        #expect(try await fixture.queue().isEmpty)
    }

    @Test func aLocalItemIsAdoptedByItsKeyOrItsCanonicalLink() async throws {
        _ = try await store.addFeed(url: SyncStoreFixture.blogURL, document: document(items: [
            ParsedItem(id: "guid-1", title: "By key", link: "https://blog.example/1"),
            ParsedItem(id: "local-guid", title: "By link", link: "https://Blog.example/2/?utm_source=rss#top"),
        ]), fetchedAt: day(1))
        _ = try await store.setStarred(ids: [try await fixture.item("By link").id], starred: true)
        _ = try await fixture.syncedFeed()
        let stored = try await fixture.store([
            Entry.entry("101", title: "By key", id: "guid-1", link: "https://blog.example/1"),
            Entry.entry("102", title: "By link", link: "https://blog.example/2", content: "<p>the service's text</p>"),
        ])
        #expect(stored.new == 0)
        #expect(try fixture.itemRemoteIDs() == ["By key": "101", "By link": "102"])
        // The service has no star on it: the service's state is taken (no local change waits).
        #expect(try await fixture.item("By link").isStarred == false)
        // Adopted, an item's changes go to the service.
        _ = try await store.markRead(ids: [try await fixture.item("By key").id], read: true)
        let lines = try await fixture.queueLines()
        #expect(lines == ["read 101 1"])
    }

    @Test func theServiceUpdatesAnItemsText() async throws {
        _ = try await fixture.syncedFeed()
        try await fixture.store([Entry.entry("101", title: "Draft", id: "g1", content: "<p>first</p>")])
        let id = try await fixture.item("Draft").id
        let stored = try await fixture.store([Entry.entry("101", title: "Final", id: "g1", content: "<p>second</p>")])
        #expect(stored == SyncedItemsStored(new: 0, statesChanged: 0))
        let item = try #require(try await store.item(id: id))
        #expect(item.title == "Final" && item.content == "<p>second</p>")
        #expect(try await store.items(ItemQuery(unreadOnly: false)).count == 1)
    }

    /// The four cases of the rule, for both flags: the service's state is taken unless a local
    /// change waits; then the service agrees (the change goes) or has the state from before
    /// (the local one stays, and so does the change).
    @Test(arguments: [false, true])
    func theServiceStateMeetsLocalChangesByTheRule(viaStates: Bool) async throws {
        _ = try await fixture.syncedFeed()
        try await fixture.store([
            Entry.entry("101", title: "Taken"), Entry.entry("102", title: "Same"), Entry.entry("103", title: "Agrees"),
            Entry.entry("104", title: "Before"),
        ])
        for title in ["Agrees", "Before"] {
            let id = try await fixture.item(title).id
            _ = try await store.markRead(ids: [id], read: true)
            _ = try await store.setStarred(ids: [id], starred: true)
        }
        // The service: Taken was read and starred elsewhere, Same is as it was, Agrees got the
        // local changes already, Before has not heard of them.
        let changed: Int
        if viaStates {
            changed = try await store.applySyncStates(unread: ["102", "104"], starred: ["101", "103"])
        } else {
            changed = try await fixture.store([
                Entry.entry("101", title: "Taken", read: true, starred: true), Entry.entry("102", title: "Same"),
                Entry.entry("103", title: "Agrees", read: true, starred: true), Entry.entry("104", title: "Before"),
            ]).statesChanged
        }
        #expect(changed == 2)
        for title in ["Taken", "Agrees", "Before"] {
            let item = try await fixture.item(title)
            #expect(item.isRead && item.isStarred, "\(title)")
        }
        let same = try await fixture.item("Same")
        #expect(!same.isRead && !same.isStarred)
        let lines = try await fixture.queueLines()
        #expect(lines == ["read 104 1", "starred 104 1"])
    }

    @Test func copiesInOtherFeedsOfTheServiceKeepTheirOwnStates() async throws {
        try await fixture.startSyncing()
        _ = try await store.applySubscriptions([
            SyncStoreFixture.subscription(),
            SyncStoreFixture.subscription("f2", url: "https://planet.example/rss", title: "Planet", categories: []),
        ], at: day(1))
        try await fixture.store([
            Entry.entry("101", title: "In the blog", link: "https://blog.example/post"),
            Entry.entry("201", feed: "f2", title: "In the planet", read: true, link: "https://blog.example/post"),
        ])
        #expect(try fixture.states() == ["In the blog": "-", "In the planet": "read"])
        #expect(try await fixture.queue().isEmpty)
    }

    @Test func anArticleReadHereThroughALocalCopyIsReadAndTheServiceHears() async throws {
        // A feed of its own, not the service's: its copy was read and starred here.
        _ = try await store.addFeed(
            url: "https://planet.example/rss", document: document(items: [ParsedItem(id: "p", title: "Local copy", link: "https://blog.example/post")]),
            fetchedAt: day(1))
        let copy = try await fixture.item("Local copy").id
        _ = try await store.markRead(ids: [copy], read: true)
        _ = try await store.setStarred(ids: [copy], starred: true)
        _ = try await fixture.syncedFeed()
        try await fixture.store([Entry.entry("101", title: "From the service", link: "https://blog.example/post")])
        #expect(try fixture.states() == ["Local copy": "read starred", "From the service": "read starred"])
        let lines = try await fixture.queueLines()
        #expect(lines == ["read 101 1", "starred 101 1"])
        // Once the service has them, its own changes reach the local copy too.
        try await store.finishSyncChanges(try await fixture.queue())
        #expect(try await store.applySyncStates(unread: ["101"], starred: []) == 2)
        #expect(try fixture.states() == ["Local copy": "-", "From the service": "-"])
        #expect(try await fixture.queue().isEmpty)
    }

    @Test func theStarsOfKeptItemsOfAFeedUnsubscribedFromStay() async throws {
        let feed = try await fixture.syncedFeed()
        try await fixture.store([Entry.entry("101", title: "Kept", read: true, starred: true)])
        _ = try await store.removeFeed(id: feed, keepStarred: true)
        #expect(try await store.applySyncStates(unread: ["101"], starred: []) == 0)
        let kept = try await fixture.item("Kept")
        #expect(kept.isRead && kept.isStarred)
    }
}

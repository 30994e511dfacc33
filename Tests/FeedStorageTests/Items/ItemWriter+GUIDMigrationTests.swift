import FeedEntities
@testable import FeedStorage
import Foundation
import Testing

/// A site that gives every entry a new guid at once (a new blogging engine) keeps its items:
/// same links, titles and dates are the same articles, read and starred as they were. New
/// articles, and entries that only share a link, are still new.
struct ItemWriterGUIDMigrationTests {
    let store: SQLiteFeedStore

    init() throws {
        store = try SQLiteFeedStore.inMemory()
    }

    private static func entries(guidPrefix: String, linkPrefix: String = "https://blog.example/posts/", count: Int = 10) -> [ParsedItem] {
        (1...count).map { index in
            ParsedItem(
                id: "\(guidPrefix)\(index)", title: "Post \(index)", link: "\(linkPrefix)\(index)",
                published: day(index))
        }
    }

    @Test func newGuidsForTheSameArticlesKeepTheItemsAndTheirState() async throws {
        let feed = try await store.addFeed(
            url: "https://blog.example/feed", document: document(items: Self.entries(guidPrefix: "old-")), fetchedAt: day(11)
        ).feed.id
        let before = try await store.items(ItemQuery(unreadOnly: false, limit: 100))
        #expect(before.count == 10)
        _ = try await store.markAllRead(feedID: feed, read: true)
        let starred = try #require(before.first { $0.title == "Post 3" })
        #expect(try await store.setStarred(ids: [starred.id], starred: true) == 1)

        let migrated = document(items: Self.entries(guidPrefix: "https://blog.example/?p="))
        #expect(try await store.storeRefresh(feedID: feed, document: migrated, at: day(12)) == 0)

        let after = try await store.items(ItemQuery(unreadOnly: false, limit: 100))
        #expect(after.map(\.id) == before.map(\.id), "the same items, numbers kept")
        #expect(after.allSatisfy { $0.isRead })
        #expect(after.first { $0.id == starred.id }?.isStarred == true)
        #expect(try await store.items(ItemQuery()).isEmpty == true, "nothing came back unread")
        // The next refresh of the same document finds them under their new keys.
        #expect(try await store.storeRefresh(feedID: feed, document: migrated, at: day(13)) == 0)
        #expect(try await store.items(ItemQuery(unreadOnly: false, limit: 100)).count == 10)
    }

    @Test func aWholeListOfNewArticlesIsNew() async throws {
        let feed = try await store.addFeed(
            url: "https://blog.example/feed", document: document(items: Self.entries(guidPrefix: "old-")), fetchedAt: day(11)
        ).feed.id
        _ = try await store.markAllRead(feedID: feed, read: true)
        let fresh = (1...10).map { index in
            ParsedItem(id: "new-\(index)", title: "Another \(index)", link: "https://blog.example/new/\(index)", published: day(20 + index))
        }
        #expect(try await store.storeRefresh(feedID: feed, document: document(items: fresh), at: day(31)) == 10)
        #expect(try await store.items(ItemQuery(limit: 100)).count == 10)
    }

    @Test func entriesSharingOneLinkWithOtherTitlesOrDatesAreNew() async throws {
        // A podcast whose every episode links to its homepage.
        let episodes = (1...3).map { ParsedItem(id: "ep-\($0)", title: "Episode \($0)", link: "https://pod.example/", published: day($0)) }
        let feed = try await store.addFeed(
            url: "https://pod.example/feed", document: document(items: episodes), fetchedAt: day(4)).feed.id
        _ = try await store.markAllRead(feedID: feed, read: true)
        let next = [
            ParsedItem(id: "ep-4", title: "Episode 4", link: "https://pod.example/", published: day(5)),
            // Same title and link as a stored episode, but another date: a rerun, not a rename.
            ParsedItem(id: "ep-1-rerun", title: "Episode 1", link: "https://pod.example/", published: day(6)),
        ] + episodes
        #expect(try await store.storeRefresh(feedID: feed, document: document(items: next), at: day(7)) == 2)
        #expect(try await store.items(ItemQuery(limit: 100)).count == 2)
    }

    @Test func aStoredItemStillListedUnderItsOwnGuidIsNotTakenOver() async throws {
        let original = [ParsedItem(id: "a", title: "Same", link: "https://x.example/p")]
        let feed = try await store.addFeed(
            url: "https://x.example/feed", document: document(items: original), fetchedAt: day(1)).feed.id
        // A second entry that copies the first one's title and link, the first still listed.
        let both = original + [ParsedItem(id: "b", title: "Same", link: "https://x.example/p")]
        #expect(try await store.storeRefresh(feedID: feed, document: document(items: both), at: day(2)) == 1)
    }
}

import FeedEntities
@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// The same article through two feeds: listed once with the other feed named, read together.
struct SQLiteFeedStoreDuplicatesTests {
    let store: SQLiteFeedStore

    init() throws {
        store = try SQLiteFeedStore.inMemory()
    }

    private func subscribe(_ url: String, title: String, _ items: [ParsedItem]) async throws -> Int64 {
        try await store.addFeed(url: url, document: document(title: title, items: items), fetchedAt: day(1)).feed.id
    }

    @Test func theSameArticleWithOtherTrackingParametersIsListedOnceNamingTheOtherFeed() async throws {
        let blog = try await subscribe("https://blog.example.org/feed", title: "Blog", [
            ParsedItem(id: "post-1", title: "Post", link: "https://blog.example.org/post?utm_source=rss"),
            ParsedItem(id: "post-2", title: "Other", link: "https://blog.example.org/other"),
        ])
        let planet = try await subscribe("https://planet.example.org/feed", title: "Planet", [
            ParsedItem(id: "planet-9", title: "Post (via Planet)", link: "https://blog.example.org/post?utm_source=planet&utm_medium=feed"),
        ])
        let listed = try await store.items(ItemQuery())
        #expect(Set(listed.compactMap(\.title)) == ["Post", "Other"])
        let post = try #require(listed.first { $0.title == "Post" })
        #expect(post.feedID == blog)
        #expect(post.alsoIn == ["Planet"])
        #expect(listed.first { $0.title == "Other" }?.alsoIn == nil)
        // A listing of one feed shows that feed's own items, copies included.
        #expect(try await store.items(ItemQuery(feedID: planet)).map(\.title) == ["Post (via Planet)"])

        // Reading it marks both read; the count is the one item named.
        #expect(try await store.markRead(ids: [post.id], read: true) == 1)
        #expect(try await store.items(ItemQuery(feedID: planet)).isEmpty, "the copy is read too")
        #expect(try await store.markRead(ids: [post.id], read: false) == 1)
        #expect(try await store.items(ItemQuery(feedID: planet)).count == 1)
        // Marking a whole feed read reaches the copies elsewhere.
        _ = try await store.markAllRead(feedID: planet, read: true)
        #expect(try await store.items(ItemQuery()).map(\.title) == ["Other"])
    }

    @Test func aCopyOfAnArticleAlreadyReadArrivesRead() async throws {
        _ = try await subscribe("https://a.example/feed", title: "A", [ParsedItem(id: "1", title: "Story", link: "https://news.example/s/1")])
        let original = try #require(try await store.items(ItemQuery()).first)
        _ = try await store.markRead(ids: [original.id], read: true)
        let b = try await subscribe("https://b.example/feed", title: "B", [ParsedItem(id: "x", title: "Story", link: "http://news.example/s/1/")])
        #expect(try await store.items(ItemQuery(unreadOnly: false, feedID: b)).first?.isRead == true)
    }

    @Test func aURIGuidIdentifiesTheArticleToo() async throws {
        _ = try await subscribe("https://a.example/feed", title: "A", [ParsedItem(id: "tag:news.example,2026:42", title: "Story", link: "https://a.example/42")])
        _ = try await subscribe("https://b.example/feed", title: "B", [ParsedItem(id: "tag:news.example,2026:42", title: "Story", link: "https://b.example/mirror/42")])
        // Short guids are not: two feeds numbering their items 1, 2, … are not the same articles.
        _ = try await subscribe("https://c.example/feed", title: "C", [ParsedItem(id: "1", title: "C one")])
        _ = try await subscribe("https://d.example/feed", title: "D", [ParsedItem(id: "1", title: "D one")])
        let listed = try await store.items(ItemQuery())
        #expect(listed.count == 3)
        #expect(listed.first { $0.title == "Story" }?.alsoIn == ["B"])
    }

    @Test func anItemWhoseLinkChangedIsFoundUnderItsNewLink() async throws {
        let a = try await subscribe("https://a.example/feed", title: "A", [ParsedItem(id: "1", title: "Story", link: "https://news.example/draft")])
        let moved = [ParsedItem(id: "1", title: "Story", link: "https://news.example/2026/story")]
        #expect(try await store.storeRefresh(feedID: a, document: document(title: "A", items: moved), at: day(2)) == 0)
        _ = try await subscribe("https://b.example/feed", title: "B", [ParsedItem(id: "x", title: "Story", link: "https://news.example/2026/story?utm_source=b")])
        let listed = try await store.items(ItemQuery())
        #expect(listed.map(\.title) == ["Story"])
        #expect(listed.first?.alsoIn == ["B"])
    }

    @Test func itemsStoredBeforeTheMigrationAreLinkedByIt() async throws {
        // A database at v4, with the same article in two feeds, then the full migrator.
        let queue = try DatabaseQueue()
        let migrator = SQLiteFeedStore.migrator
        try migrator.migrate(queue, upTo: "v4")
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO feed (id, url, title, subscribed_at) VALUES (1, 'https://a.example/f', 'A', 0), (2, 'https://b.example/f', 'B', 0)")
            try db.execute(sql: """
                INSERT INTO item (id, feed_id, key, guid, title, link, first_seen) VALUES
                  (1, 1, 'k1', 'p1', 'Story', 'https://news.example/s?utm_source=a', 0),
                  (2, 2, 'k2', 'q7', 'Story', 'https://news.example/s', 0),
                  (3, 2, 'k3', 'q8', 'Else', 'https://news.example/t', 0)
                """)
        }
        try migrator.migrate(queue)
        let rows = try queue.read { db in try Row.fetchAll(db, sql: "SELECT id, canonical_link, duplicate_of FROM item ORDER BY id") }
        #expect(rows.map { $0["duplicate_of"] as Int64? } == [nil, 1, nil])
        #expect(rows.map { $0["canonical_link"] as String? } == ["news.example/s", "news.example/s", "news.example/t"])
    }
}

extension SQLiteFeedStoreDuplicatesTests {
    @Test func unreadCountsLeaveOutCopiesAndHiddenItems() async throws {
        _ = try await subscribe("https://a.example/feed", title: "A", [
            ParsedItem(id: "1", title: "Story", link: "https://news.example/s/1"),
            ParsedItem(id: "2", title: "Sponsored", link: "https://a.example/ad"),
        ])
        let b = try await subscribe("https://b.example/feed", title: "B", [ParsedItem(id: "x", title: "Story", link: "https://news.example/s/1?utm_source=b")])
        // Each feed counts its own copy; the total counts the article once.
        #expect(try await store.feed(id: b)?.unreadCount == 1)
        #expect(try await store.statistics().unread == 2)
        _ = try await store.markRead(ids: [try #require(try await store.items(ItemQuery()).first { $0.title == "Story" }).id], read: true)
        #expect(try await store.statistics().unread == 1)
    }
}

import FeedEntities
@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// Unsubscribing keeps starred items as items of a feed unsubscribed from; stars are shared by
/// every copy of an article; subscribing again brings the kept items back into the feed.
struct SQLiteFeedStoreRemovalTests {
    let store: SQLiteFeedStore

    init() throws {
        store = try SQLiteFeedStore.inMemory()
    }

    private func subscribe(_ url: String, title: String, _ items: [ParsedItem]) async throws -> Int64 {
        try await store.addFeed(url: url, document: document(title: title, items: items), fetchedAt: day(1)).feed.id
    }

    /// The blog at `feedURL`.
    private func subscribe(_ items: [ParsedItem]) async throws -> Int64 {
        try await subscribe(feedURL, title: "Blog", items)
    }

    private func item(_ title: String, feed: Int64? = nil) async throws -> Item {
        try #require(try await store.items(ItemQuery(unreadOnly: false, feedID: feed)).first { $0.title == title })
    }

    private func feedRows() async throws -> [Row] {
        try store.writer.read { db in try Row.fetchAll(db, sql: "SELECT id, removed_at FROM feed ORDER BY id") }
    }

    private var threeItems: [ParsedItem] {
        [
            ParsedItem(id: "1", title: "Kept", link: "https://blog.example/1", content: "<p>an espresso story</p>"),
            ParsedItem(id: "2", title: "Gone", link: "https://blog.example/2"),
            ParsedItem(id: "3", title: "Also gone", link: "https://blog.example/3"),
        ]
    }

    @Test func starredItemsOutliveTheFeedAndStayListedShownAndSearched() async throws {
        let blog = try await subscribe(threeItems)
        let other = try await subscribe("https://other.example/feed", title: "Other", [ParsedItem(id: "o", title: "Elsewhere")])
        let kept = try await item("Kept")
        #expect(try await store.setStarred(ids: [kept.id], starred: true) == 1)

        let removal = try #require(try await store.removeFeed(id: blog, keepStarred: true))
        #expect(removal.feed.title == "Blog" && removal.feed.itemCount == 3)
        #expect(removal.deletedItems == 2 && removal.keptItems == 1)

        // The feed is gone from everything about feeds...
        #expect(try await store.feeds().map(\.id) == [other])
        #expect(try await store.feed(id: blog) == nil)
        #expect(try await store.removeFeed(id: blog, keepStarred: true) == nil)
        let statistics = try await store.statistics()
        #expect(statistics.feeds == 1 && statistics.items == 2 && statistics.starred == 1)
        // ...its kept item is not: listed, shown and found, under the feed's last title.
        let starred = try await store.items(ItemQuery(unreadOnly: false, starredOnly: true))
        #expect(starred.map(\.title) == ["Kept"])
        #expect(starred.first?.feedTitle == "Blog (unsubscribed)")
        #expect(starred.first?.feedID == blog)
        #expect(try await store.items(ItemQuery(unreadOnly: false)).compactMap(\.title).sorted() == ["Elsewhere", "Kept"])
        let shown = try #require(try await store.item(id: kept.id))
        #expect(shown.content == "<p>an espresso story</p>" && shown.feedTitle == "Blog (unsubscribed)")
        _ = try await store.indexPendingItems(limit: 100)
        let hits = try await store.search(SearchQuery(match: "espresso"))
        #expect(hits.map(\.item.id) == [kept.id] && hits.first?.item.feedTitle == "Blog (unsubscribed)")
        // Its state still changes.
        #expect(try await store.markRead(ids: [kept.id], read: true) == 1)
        #expect(try await store.markRead(ids: [kept.id], read: false) == 1)
        // A refresh that was under way when the user unsubscribed stores nothing.
        await #expect(throws: FeedStoreError.feedNotFound(blog)) {
            _ = try await store.storeRefresh(feedID: blog, document: document(items: threeItems), at: day(2))
        }
    }

    @Test func deletingStarredItemsTooRemovesEverything() async throws {
        let blog = try await subscribe(threeItems)
        _ = try await store.setStarred(ids: [try await item("Kept").id], starred: true)
        let removal = try #require(try await store.removeFeed(id: blog, keepStarred: false))
        #expect(removal.deletedItems == 3 && removal.keptItems == 0)
        #expect(try await store.items(ItemQuery(unreadOnly: false)).isEmpty)
        #expect(try await feedRows().isEmpty)
    }

    @Test func aFeedWithoutStarredItemsGoesWhole() async throws {
        let blog = try await subscribe(threeItems)
        let removal = try #require(try await store.removeFeed(id: blog, keepStarred: true))
        #expect(removal.deletedItems == 3 && removal.keptItems == 0)
        #expect(try await feedRows().isEmpty)
    }

    @Test func anUnstarredKeptItemStaysUntilTheNextRetentionWhateverThePolicy() async throws {
        let blog = try await subscribe(threeItems)
        let kept = try await item("Kept"), gone = try await item("Gone")
        _ = try await store.setStarred(ids: [kept.id, gone.id], starred: true)
        _ = try await store.removeFeed(id: blog, keepStarred: true)

        #expect(try await store.setStarred(ids: [gone.id], starred: false) == 1)
        #expect(try await store.item(id: gone.id) != nil, "still there: starring it again keeps it")
        let result = try await store.applyRetention(RetentionPolicy(), now: day(2))
        #expect(result.deletedItems == 1 && result.deletedPerFeed == [blog: 1])
        #expect(try await store.item(id: gone.id) == nil)
        #expect(try await feedRows().count == 1)

        // The feed goes with its last item.
        _ = try await store.setStarred(ids: [kept.id], starred: false)
        _ = try await store.applyRetention(RetentionPolicy(), now: day(3))
        #expect(try await feedRows().isEmpty)
        #expect(try await store.applyRetention(RetentionPolicy(), now: day(4)) == RetentionResult())
    }

    @Test func subscribingAgainBringsTheKeptItemsBackWithoutCopies() async throws {
        let blog = try await subscribe(threeItems)
        _ = try await store.renameFeed(id: blog, title: "My blog")
        _ = try await store.tagFeed(id: blog, adding: ["old"], removing: [])
        let kept = try await item("Kept")
        _ = try await store.setStarred(ids: [kept.id], starred: true)
        _ = try await store.markRead(ids: [kept.id], read: true)
        _ = try await store.removeFeed(id: blog, keepStarred: true)
        #expect(try await store.items(ItemQuery(unreadOnly: false)).first?.feedTitle == "My blog (unsubscribed)")

        let (again, stored) = try await store.addFeed(
            url: feedURL, document: document(title: "Blog", items: threeItems), check: FeedCheck(at: day(5)),
            tags: ["new"], customTitle: nil)
        #expect(again.id == blog, "its number back")
        #expect(stored == 2, "the kept item is known, the others are new again")
        #expect(again.title == "Blog" && !again.hasCustomTitle && again.tags == ["new"])
        #expect(again.itemCount == 3 && again.subscribedAt == day(5))
        let items = try await store.items(ItemQuery(unreadOnly: false, feedID: blog))
        #expect(items.compactMap(\.title).sorted() == ["Also gone", "Gone", "Kept"])
        let back = try #require(items.first { $0.title == "Kept" })
        #expect(back.id == kept.id && back.isStarred && back.isRead && back.feedTitle == "Blog")
        #expect(try await store.feeds().map(\.id) == [blog])
    }

    @Test func importingTheURLAgainBringsTheFeedBackToo() async throws {
        let blog = try await subscribe(threeItems)
        _ = try await store.setStarred(ids: [try await item("Kept").id], starred: true)
        _ = try await store.removeFeed(id: blog, keepStarred: true)
        let imported = try await store.importFeeds(
            [FeedImport(url: feedURL, title: "Blog", titleRole: .provisional, tags: ["x"])], at: day(6))
        #expect(imported.added.map(\.id) == [blog] && imported.existing.isEmpty)
        let feed = try #require(imported.added.first)
        #expect(feed.itemCount == 1 && feed.tags == ["x"] && feed.nextCheck == nil && !feed.hasCustomTitle)
    }

    @Test func aStarredArticleAnotherFeedAlsoHasStaysThroughThatFeed() async throws {
        let blog = try await subscribe(threeItems)
        let planet = try await subscribe("https://planet.example/feed", title: "Planet", [
            ParsedItem(id: "p1", title: "Kept (via Planet)", link: "https://blog.example/1?utm_source=planet"),
        ])
        _ = try await store.setStarred(ids: [try await item("Kept").id], starred: true)
        let removal = try #require(try await store.removeFeed(id: blog, keepStarred: true))
        #expect(removal.keptItems == 0 && removal.deletedItems == 3)
        #expect(try await feedRows().map { $0["id"] as Int64 } == [planet])
        // The other feed's copy is now the article, starred and listed.
        let starred = try await store.items(ItemQuery(unreadOnly: false, starredOnly: true))
        #expect(starred.map(\.title) == ["Kept (via Planet)"] && starred.first?.alsoIn == nil)
    }

    @Test func anArticleTheFeedBroughtFirstStaysListedOnceThroughItsCopies() async throws {
        let blog = try await subscribe(threeItems)
        let planet = try await subscribe("https://planet.example/feed", title: "Planet", [
            ParsedItem(id: "p1", title: "Gone (Planet)", link: "https://blog.example/2?utm_source=planet"),
        ])
        let digest = try await subscribe("https://digest.example/feed", title: "Digest", [
            ParsedItem(id: "d1", title: "Gone (Digest)", link: "http://blog.example/2/"),
        ])
        #expect(try await store.items(ItemQuery()).first { $0.title == "Gone" }?.alsoIn == ["Planet", "Digest"])
        _ = try await store.removeFeed(id: blog, keepStarred: true)
        let listed = try await store.items(ItemQuery())
        #expect(listed.map(\.title) == ["Gone (Planet)"], "once, not once per copy")
        #expect(listed.first?.alsoIn == ["Digest"])
        let viaDigest = try await item("Gone (Digest)", feed: digest)
        _ = try await store.markRead(ids: [viaDigest.id], read: true)
        #expect(try await store.items(ItemQuery(feedID: planet)).isEmpty, "still one article: read together")
    }

    @Test func movingOntoTheURLOfAFeedUnsubscribedFromTakesItsKeptItems() async throws {
        let old = try await subscribe("https://new.example/feed", title: "Old", [
            ParsedItem(id: "1", title: "Shared", link: "https://blog.example/1"),
            ParsedItem(id: "9", title: "Only kept", link: "https://old.example/9"),
        ])
        _ = try await store.setStarred(ids: try await store.items(ItemQuery(feedID: old)).map(\.id), starred: true)
        _ = try await store.removeFeed(id: old, keepStarred: true)
        let blog = try await subscribe(threeItems)
        #expect(try await store.moveFeed(id: blog, to: "https://new.example/feed"))
        #expect(try await feedRows().map { $0["id"] as Int64 } == [blog])
        let items = try await store.items(ItemQuery(unreadOnly: false, feedID: blog))
        #expect(items.compactMap(\.title).sorted() == ["Also gone", "Gone", "Kept", "Only kept"])
        #expect(Set(items.filter(\.isStarred).compactMap(\.title)) == ["Kept", "Only kept"], "the shared article stays starred")
    }
}

extension SQLiteFeedStoreRemovalTests {
    @Test func aLiveFeedsNewArticleIsNoCopyOfAKeptItem() async throws {
        let blog = try await subscribe(threeItems)
        _ = try await store.setStarred(ids: [try await item("Kept").id], starred: true)
        _ = try await store.removeFeed(id: blog, keepStarred: true)
        let planet = try await subscribe("https://planet.example/feed", title: "Planet", [
            ParsedItem(id: "p1", title: "Kept (Planet)", link: "https://blog.example/1"),
        ])
        // Listed by itself, under its own feed, unstarred: not folded under the removed feed.
        let fresh = try await item("Kept (Planet)", feed: planet)
        #expect(!fresh.isStarred && fresh.feedTitle == "Planet" && fresh.alsoIn == nil)
        #expect(Set(try await store.items(ItemQuery()).compactMap(\.title)) == ["Kept", "Kept (Planet)"], "each listed by itself")
        #expect(try await store.items(ItemQuery(unreadOnly: false, starredOnly: true)).map(\.feedTitle) == ["Blog (unsubscribed)"])
    }

    @Test func aCopyARuleHidDoesNotStandInForAStarredItem() async throws {
        let blog = try await subscribe(threeItems)
        let planet = try await subscribe("https://planet.example/feed", title: "Planet", [
            ParsedItem(id: "p1", title: "Kept (Planet)", link: "https://blog.example/1?utm_source=planet"),
        ])
        try await store.writer.write { db in try db.execute(sql: "UPDATE item SET is_hidden = 1 WHERE feed_id = ?", arguments: [planet]) }
        _ = try await store.setStarred(ids: [try await item("Kept").id], starred: true)
        let removal = try #require(try await store.removeFeed(id: blog, keepStarred: true))
        #expect(removal.keptItems == 1)
        #expect(try await store.items(ItemQuery(unreadOnly: false, starredOnly: true)).map(\.title) == ["Kept"])
    }

    @Test func theItemShownLastIsForgottenWithTheItem() async throws {
        let blog = try await subscribe(threeItems)
        #expect(try await store.lastShownItem() == nil)
        let gone = try await item("Gone")
        try await store.setLastShownItem(gone.id)
        #expect(try await store.lastShownItem() == gone.id)
        try await store.setLastShownItem(9_999)
        #expect(try await store.lastShownItem() == gone.id, "an unknown number is ignored")
        _ = try await store.removeFeed(id: blog, keepStarred: false)
        #expect(try await store.lastShownItem() == nil)
    }

    @Test func aFeedUnsubscribedFromMovesNowhere() async throws {
        let blog = try await subscribe(threeItems)
        _ = try await store.setStarred(ids: [try await item("Kept").id], starred: true)
        _ = try await store.removeFeed(id: blog, keepStarred: true)
        #expect(try await store.moveFeed(id: blog, to: "https://new.example/feed") == false)
        let rows = try await feedRows()
        #expect(rows.count == 1 && (rows[0]["removed_at"] as Double?) != nil)
        #expect(try await store.items(ItemQuery(unreadOnly: false, starredOnly: true)).map(\.title) == ["Kept"])
    }

    @Test func starringOneCopyStarsTheArticle() async throws {
        _ = try await subscribe(threeItems)
        let planet = try await subscribe("https://planet.example/feed", title: "Planet", [
            ParsedItem(id: "p1", title: "Kept (Planet)", link: "https://blog.example/1?utm_source=planet"),
        ])
        let copy = try await item("Kept (Planet)", feed: planet)
        #expect(try await store.setStarred(ids: [copy.id], starred: true) == 1, "the copy named, not the original")
        let starred = try await store.items(ItemQuery(unreadOnly: false, starredOnly: true))
        #expect(starred.map(\.title) == ["Kept"] && starred.first?.alsoIn == ["Planet"])
        #expect(try await store.statistics().starred == 2)
        #expect(try await store.setStarred(ids: [try await item("Kept").id], starred: false) == 1)
        #expect(try await store.item(id: copy.id)?.isStarred == false)
        #expect(try await store.items(ItemQuery(unreadOnly: false, starredOnly: true)).isEmpty)
    }

    @Test func aCopyOfAStarredArticleArrivesStarred() async throws {
        _ = try await subscribe(threeItems)
        _ = try await store.setStarred(ids: [try await item("Kept").id], starred: true)
        let planet = try await subscribe("https://planet.example/feed", title: "Planet", [
            ParsedItem(id: "p1", title: "Kept (Planet)", link: "https://blog.example/1"),
        ])
        #expect(try await item("Kept (Planet)", feed: planet).isStarred)
    }

    @Test func migrationV10SharesStarsStoredBefore() async throws {
        let queue = try DatabaseQueue()
        let migrator = SQLiteFeedStore.migrator
        try migrator.migrate(queue, upTo: "v9")
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO feed (id, url, title, subscribed_at) VALUES (1, 'https://a.example/f', 'A', 0), (2, 'https://b.example/f', 'B', 0)")
            try db.execute(sql: """
                INSERT INTO item (id, feed_id, key, title, first_seen, is_starred, duplicate_of) VALUES
                  (1, 1, 'k1', 'Story', 0, 0, NULL), (2, 2, 'k2', 'Story', 0, 1, 1),
                  (3, 1, 'k3', 'Other', 0, 0, NULL), (4, 2, 'k4', 'Other', 0, 0, 3)
                """)
        }
        try migrator.migrate(queue)
        let starred = try await queue.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM item WHERE is_starred = 1 ORDER BY id") }
        #expect(starred == [1, 2])
        let columns = try await queue.read { db in try db.columns(in: "feed").map(\.name) }
        #expect(columns.contains("removed_at") && columns.contains("list_title"))
    }
}

extension SQLiteFeedStoreRemovalTests {
    /// Imports one feed with a title of `role`, then refreshes it with a document titled `documentTitle`.
    private func importThenRefresh(title: String, role: FeedImport.TitleRole, documentTitle: String?) async throws -> Feed {
        let added = try await store.importFeeds([FeedImport(url: feedURL, title: title, titleRole: role)], at: day(1)).added
        let feed = try #require(added.first)
        #expect(feed.title == title && feed.hasCustomTitle == (role == .custom), "before the first fetch")
        _ = try await store.storeRefresh(feedID: feed.id, document: document(title: documentTitle), at: day(2))
        return try #require(try await store.feed(id: feed.id))
    }

    @Test func anotherReadersTitleIsTheFeedsOwnWhenTheFeedSaysSo() async throws {
        let feed = try await importThenRefresh(title: "kernel  NOTES", role: .unconfirmed, documentTitle: "Kernel Notes")
        #expect(feed.title == "Kernel Notes" && !feed.hasCustomTitle)
        _ = try await store.storeRefresh(feedID: feed.id, document: document(title: "Kernel Notes, weekly"), at: day(3))
        #expect(try await store.feed(id: feed.id)?.title == "Kernel Notes, weekly", "and follows the feed from then on")
    }

    @Test func anotherReadersTitleIsTheUsersWhenTheFeedNamesItOtherwise() async throws {
        let feed = try await importThenRefresh(title: "LWN", role: .unconfirmed, documentTitle: "LWN.net")
        #expect(feed.title == "LWN" && feed.hasCustomTitle)
    }

    @Test func anUnsettledTitleWaitsForADocumentWithATitle() async throws {
        let feed = try await importThenRefresh(title: "LWN", role: .unconfirmed, documentTitle: nil)
        #expect(feed.title == "LWN" && !feed.hasCustomTitle)
        _ = try await store.storeRefresh(feedID: feed.id, document: document(title: "LWN"), at: day(3))
        #expect(try await store.feed(id: feed.id)?.hasCustomTitle == false)
    }

    @Test func renamingSettlesAnUnsettledTitle() async throws {
        let added = try await store.importFeeds([FeedImport(url: feedURL, title: "LWN", titleRole: .unconfirmed)], at: day(1)).added
        let id = try #require(added.first?.id)
        _ = try await store.renameFeed(id: id, title: nil)
        _ = try await store.storeRefresh(feedID: id, document: document(title: "LWN.net"), at: day(2))
        #expect(try await store.feed(id: id)?.hasCustomTitle == false)
    }

    @Test func aProvisionalTitleGivesWayAndACustomOneStays() async throws {
        let provisional = try await importThenRefresh(title: "Old name", role: .provisional, documentTitle: "New name")
        #expect(provisional.title == "New name" && !provisional.hasCustomTitle)
        _ = try await store.removeFeed(id: provisional.id, keepStarred: false)
        let custom = try await importThenRefresh(title: "Mine", role: .custom, documentTitle: "New name")
        #expect(custom.title == "Mine" && custom.hasCustomTitle)
    }

    @Test func importedFeedsAreNumberedInTheOrderOfTheList() async throws {
        let urls = ["https://c.example/f", "https://a.example/f", "https://b.example/f"]
        let added = try await store.importFeeds(urls.map { FeedImport(url: $0) }, at: day(1)).added
        #expect(added.map(\.url) == urls)
        #expect(added.map(\.id) == added.map(\.id).sorted())
        #expect(try await store.feeds().map(\.url) == urls)
    }
}

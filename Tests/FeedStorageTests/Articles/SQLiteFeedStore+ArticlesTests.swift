import FeedEntities
@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// The articles kept from items' pages: which items await theirs, what a fetch leaves, that a
/// feed's change makes an article stale, that search finds an article's words and forgets them
/// exactly, and that an article goes with its item.
struct SQLiteFeedStoreArticlesTests {
    let store: SQLiteFeedStore

    init() throws {
        store = try SQLiteFeedStore.inMemory(text: SQLiteFeedStoreSearchContentTests.text)
    }

    static func items(_ summary: String = "A teaser") -> [ParsedItem] {
        [
            ParsedItem(id: "1", title: "One", link: "https://site.example/1", summary: summary),
            ParsedItem(id: "2", title: "Two", link: "https://site.example/2", summary: summary),
            ParsedItem(id: "3", title: "No page", summary: summary),
            ParsedItem(id: "4", title: "Program", link: "exec:/bin/true", summary: summary),
        ]
    }

    static func extracted(_ html: String, at date: Date = day(2)) -> ItemArticle {
        ItemArticle(
            status: .extracted, url: "https://site.example/1?final", title: "The one", byline: "Ada", html: html,
            images: ["https://site.example/i.png"], fetchedAt: date, extractedAt: date)
    }

    private func subscribe() async throws -> (feed: Int64, numbers: [String: Int64]) {
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(items: Self.items()), fetchedAt: day(1))
        let items = try await store.items(ItemQuery(unreadOnly: false))
        return (feed.id, Dictionary(uniqueKeysWithValues: items.map { ($0.title ?? "", $0.id) }))
    }

    private func checkIndex() async throws {
        _ = try await store.indexPendingItems(limit: 10_000)
        try await store.writer.write { db in
            try db.execute(sql: "INSERT INTO item_fts (item_fts, rank) VALUES ('integrity-check', 1)")
        }
    }

    private func titles(matching text: String) async throws -> [String] {
        try await store.search(SearchQuery(match: try #require(SearchExpression.fts5(from: text)))).compactMap(\.item.title)
    }

    @Test func unreadItemsWithWebLinksAwaitTheirArticleNewestFirst() async throws {
        let (feed, numbers) = try await subscribe()
        let awaiting = try await store.itemsAwaitingArticle(feedID: feed, now: day(1), limit: 10)
        // Newest first: the highest numbers (a document's first item is stored last, as newest).
        #expect(awaiting.map(\.itemID) == [numbers["One"]!, numbers["Two"]!].sorted(by: >))
        #expect(awaiting.allSatisfy { $0.etag == nil && $0.failures == 0 })
        #expect(try await store.itemsAwaitingArticle(feedID: feed, now: day(1), limit: 1).map(\.itemID) == [awaiting[0].itemID])
        _ = try await store.markRead(ids: [numbers["Two"]!], read: true)
        #expect(try await store.itemsAwaitingArticle(feedID: feed, now: day(1), limit: 10).map(\.itemID) == [numbers["One"]!])
        #expect(try await store.articleRequest(itemID: numbers["No page"]!) == nil)
    }

    @Test func anExtractedArticleIsKeptWithItsValidatorsAndNoLongerAwaited() async throws {
        let (feed, numbers) = try await subscribe()
        let one = numbers["One"]!
        try await store.storeArticle(itemID: one, Self.extracted("<p>The whole story</p>"), etag: "\"e1\"", lastModified: nil)
        let kept = try #require(try await store.article(itemID: one))
        #expect(kept == Self.extracted("<p>The whole story</p>"))
        #expect(try await store.articleRequest(itemID: one) == ArticleRequest(itemID: one, link: "https://site.example/1", etag: "\"e1\""))
        #expect(!(try await store.itemsAwaitingArticle(feedID: feed, now: day(3), limit: 10).map(\.itemID).contains(one)))
        #expect(try await store.article(itemID: numbers["Two"]!) == nil)
    }

    @Test func aFailureIsRetriedWhenDueAndLeavesAKeptArticleInPlace() async throws {
        let (feed, numbers) = try await subscribe()
        let (one, two) = (numbers["One"]!, numbers["Two"]!)
        try await store.recordArticleFailure(itemID: two, url: "https://site.example/2", error: "HTTP 503", at: day(2), retryAt: day(3))
        var awaiting = try await store.itemsAwaitingArticle(feedID: feed, now: day(2), limit: 10)
        #expect(!awaiting.map(\.itemID).contains(two), "not before its retry")
        awaiting = try await store.itemsAwaitingArticle(feedID: feed, now: day(3), limit: 10)
        #expect(awaiting.first { $0.itemID == two }?.failures == 1)
        let failed = try #require(try await store.article(itemID: two))
        #expect(failed.status == .failed && failed.error == "HTTP 503" && failed.html == nil && failed.retryAt == day(3))

        try await store.storeArticle(itemID: one, Self.extracted("<p>Kept</p>"), etag: "\"e1\"", lastModified: nil)
        try await store.recordArticleFailure(itemID: one, url: "https://site.example/1", error: "timed out", at: day(4), retryAt: nil)
        let kept = try #require(try await store.article(itemID: one))
        #expect(kept.status == .extracted && kept.html == "<p>Kept</p>" && kept.error == "timed out")
        #expect(kept.url == "https://site.example/1?final")
        #expect(try await store.articleRequest(itemID: one)?.failures == 1)
        try await store.recordArticleNotModified(itemID: one, at: day(5))
        let current = try #require(try await store.article(itemID: one))
        #expect(current.error == nil && current.fetchedAt == day(5) && current.extractedAt == day(2))
    }

    @Test func aFeedThatChangesAnItemsTextMakesItsArticleStale() async throws {
        let (feed, numbers) = try await subscribe()
        let one = numbers["One"]!
        try await store.storeArticle(itemID: one, Self.extracted("<p>Kept</p>"), etag: "\"e1\"", lastModified: nil)
        // The same document again changes nothing.
        _ = try await store.storeRefresh(feedID: feed, document: document(items: Self.items()), check: FeedCheck(at: day(2)), rules: .none)
        #expect(!(try await store.itemsAwaitingArticle(feedID: feed, now: day(2), limit: 10).map(\.itemID).contains(one)))
        _ = try await store.storeRefresh(
            feedID: feed, document: document(items: Self.items("A corrected teaser")), check: FeedCheck(at: day(3)), rules: .none)
        let stale = try await store.itemsAwaitingArticle(feedID: feed, now: day(3), limit: 10).first { $0.itemID == one }
        #expect(stale?.etag == "\"e1\"", "asked again with its validator")
        // The article stays shown meanwhile.
        #expect(try await store.article(itemID: one)?.html == "<p>Kept</p>")
    }

    @Test func searchFindsAnArticlesWordsAndForgetsThemExactly() async throws {
        let (_, numbers) = try await subscribe()
        let one = numbers["One"]!
        try await checkIndex()
        #expect(try await titles(matching: "zeppelin").isEmpty)
        try await store.storeArticle(itemID: one, Self.extracted("<p>The zeppelin landed</p>"), etag: nil, lastModified: nil)
        try await checkIndex()
        #expect(try await titles(matching: "zeppelin") == ["One"])
        #expect(try await titles(matching: "teaser").contains("One"), "the feed's words stay searched")
        try await store.storeArticle(itemID: one, Self.extracted("<p>The balloon landed</p>"), etag: nil, lastModified: nil)
        try await checkIndex()
        #expect(try await titles(matching: "zeppelin").isEmpty)
        #expect(try await titles(matching: "balloon") == ["One"])
    }

    @Test func anArticleGoesWithItsItem() async throws {
        let (feed, numbers) = try await subscribe()
        let one = numbers["One"]!
        try await store.storeArticle(itemID: one, Self.extracted("<p>The zeppelin landed</p>"), etag: nil, lastModified: nil)
        try await checkIndex()
        _ = try await store.removeFeed(id: feed, keepStarred: false)
        let left = try await store.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item_article") }
        #expect(left == 0)
        try await checkIndex()
        await #expect(throws: FeedStoreError.itemNotFound(one)) {
            try await store.storeArticle(itemID: one, Self.extracted("<p>Late</p>"), etag: nil, lastModified: nil)
        }
    }
}

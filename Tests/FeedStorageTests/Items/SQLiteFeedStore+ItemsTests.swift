import FeedEntities
@testable import FeedStorage
import Foundation
import Testing

/// Listing, reading and marking items in the SQLite store (in memory).
struct SQLiteFeedStoreItemsTests {
    let store: SQLiteFeedStore

    init() throws {
        store = try SQLiteFeedStore.inMemory()
    }

    @Test func listingIsNewestFirstWithUndatedItemsByFirstSeen() async throws {
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(items: [
            ParsedItem(id: "undated-1", title: "Undated 1"),
            ParsedItem(id: "old", title: "Old", published: day(1)),
            ParsedItem(id: "undated-2", title: "Undated 2"),
            ParsedItem(id: "updated", title: "Updated only", updated: day(3)),
            ParsedItem(id: "new", title: "New", published: day(4), updated: day(2)),
        ]), fetchedAt: day(10))
        // Undated items were first seen on day 10, after every dated one; among themselves they
        // keep the document's order.
        #expect(try await titles(ItemQuery()) == ["Undated 1", "Undated 2", "New", "Updated only", "Old"])

        let refresh = document(items: [
            ParsedItem(id: "undated-3", title: "Undated 3"),
            ParsedItem(id: "undated-1", title: "Undated 1"),
            // Dated five minutes past the refresh: within the clocks' skew, so its own date.
            ParsedItem(id: "newest", title: "Newest", published: day(11) + 300),
        ])
        #expect(try await store.storeRefresh(feedID: feed.id, document: refresh, at: day(11)) == 2)
        #expect(try await titles(ItemQuery()) == [
            "Newest", "Undated 3", "Undated 1", "Undated 2", "New", "Updated only", "Old",
        ])
    }

    @Test func filtersByReadStateFeedAndLimit() async throws {
        let (a, _) = try await store.addFeed(url: "https://a.example/feed", document: document(title: "A", items: [
            ParsedItem(id: "a1", title: "A1", published: day(1)),
            ParsedItem(id: "a2", title: "A2", published: day(3)),
        ]), fetchedAt: day(5))
        let (b, _) = try await store.addFeed(url: "https://b.example/feed", document: document(title: "B", items: [
            ParsedItem(id: "b1", title: "B1", published: day(2)),
            ParsedItem(id: "b2", title: "B2", published: day(4)),
        ]), fetchedAt: day(5))
        let b2 = try #require(try await store.items(ItemQuery(feedID: b.id)).first)
        _ = try await store.markRead(ids: [b2.id], read: true)

        #expect(try await titles(ItemQuery(unreadOnly: false)) == ["B2", "A2", "B1", "A1"])
        #expect(try await titles(ItemQuery()) == ["A2", "B1", "A1"])
        #expect(try await titles(ItemQuery(feedID: a.id)) == ["A2", "A1"])
        #expect(try await titles(ItemQuery(unreadOnly: false, feedID: b.id)) == ["B2", "B1"])
        #expect(try await titles(ItemQuery(feedID: b.id)) == ["B1"])
        #expect(try await titles(ItemQuery(unreadOnly: false, limit: 2)) == ["B2", "A2"])
        #expect(try await titles(ItemQuery(feedID: a.id, limit: 1)) == ["A2"])
        #expect(try await titles(ItemQuery(limit: 0)).isEmpty)
        #expect(try await titles(ItemQuery(feedID: 9_999)).isEmpty)
        let feedTitles = try await store.items(ItemQuery(unreadOnly: false)).map(\.feedTitle)
        #expect(feedTitles == ["B", "A", "B", "A"])
    }

    @Test func contentIsLoadedOnlyWhenAsked() async throws {
        let enclosure = Enclosure(url: "https://e.org/ep1.mp3", type: "audio/mpeg", length: 12_345)
        let parsed = ParsedItem(
            id: "urn:ep1", title: "Episode 1", link: "https://e.org/ep1", author: "Ann",
            published: day(1), updated: day(2), summary: "Short", content: "<p>Long</p>",
            categories: ["audio", "news"], enclosures: [enclosure, Enclosure(url: "https://e.org/ep1.ogg")])
        _ = try await store.addFeed(url: feedURL, document: document(items: [parsed]), fetchedAt: day(3))

        let listed = try #require(try await store.items(ItemQuery()).first)
        #expect(listed.summary == nil && listed.content == nil)
        #expect(listed.categories == ["audio", "news"])
        #expect(listed.enclosures == parsed.enclosures)

        let full = try #require(try await store.items(ItemQuery(includeContent: true)).first)
        #expect(full.summary == "Short" && full.content == "<p>Long</p>")

        let single = try #require(try await store.item(id: listed.id))
        #expect(single == full)
        #expect(single.guid == "urn:ep1")
        #expect(single.link == "https://e.org/ep1")
        #expect(single.author == "Ann")
        #expect(single.published == day(1) && single.updated == day(2))
        #expect(single.firstSeen == day(3))
        #expect(try await store.item(id: listed.id + 1_000) == nil)
    }

    @Test func anUntitledItemIsListedWithTheFirstWordsOfItsText() async throws {
        let store = try SQLiteFeedStore.inMemory(text: SQLiteFeedStoreTitleTextTests.text)
        let words = (1...30).map { "word\($0)" }.joined(separator: " ")
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(items: [
            ParsedItem(id: "1", summary: "The summary", content: "<p>Just <b>shipped</b> &amp; done</p>", categories: ["x"]),
            ParsedItem(id: "2", title: "  ", summary: "<p>\(words)</p>"),
            ParsedItem(id: "3", title: "Titled", content: "<p>Body</p>"),
            ParsedItem(id: "4", content: "<img src=\"a.png\">"),
            ParsedItem(id: "5", title: "Nothing else"),
        ]), fetchedAt: day(1))
        let listed = try await store.items(ItemQuery(limit: 10))
        let excerpts = Dictionary(uniqueKeysWithValues: listed.map { ($0.guid ?? "", $0.excerpt) })
        #expect(excerpts["1"] == "Just shipped & done")
        #expect(excerpts["2"] == Item.excerpt(ofText: words))
        #expect(excerpts["2"]??.hasSuffix("…") == true)
        #expect(excerpts["3"] == .some(nil) && excerpts["4"] == .some(nil) && excerpts["5"] == .some(nil))
        // The title stays absent: the excerpt is derived when read, never stored.
        #expect(listed.first { $0.guid == "1" }?.title == nil)
        let id = try #require(listed.first { $0.guid == "1" }?.id)
        #expect(try await store.item(id: id)?.excerpt == "Just shipped & done")
        #expect(try await store.items(ItemQuery(feedID: feed.id, limit: 1)).first?.excerpt != nil)
    }

    @Test func aPlainTextSummaryIsStoredAsHTMLWithItsLineBreaks() async throws {
        var parsed = ParsedItem(id: "1", title: "Video", summary: "Chapters:\n00:00 Intro & <setup>")
        parsed.summaryIsText = true
        _ = try await store.addFeed(url: feedURL, document: document(items: [parsed]), fetchedAt: day(1))
        let item = try #require(try await store.items(ItemQuery(includeContent: true)).first)
        #expect(item.summary == "Chapters:<br>\n00:00 Intro &amp; &lt;setup&gt;")
    }

    @Test func aPlainTextContentIsStoredAsHTMLWithItsLineBreaksAndHTMLAsItIs() async throws {
        var text = ParsedItem(id: "1", summary: "a < b\r\nline two", content: "a < b\nline two")
        text.summaryIsText = true
        text.contentIsText = true
        let html = ParsedItem(id: "2", summary: "<p>a &lt; b</p>", content: "<p>line<br>two</p>")
        _ = try await store.addFeed(url: feedURL, document: document(items: [text, html]), fetchedAt: day(1))
        let items = try await store.items(ItemQuery(includeContent: true))
        let stored = Dictionary(uniqueKeysWithValues: items.map { ($0.guid ?? "", $0) })
        #expect(stored["1"]?.summary == "a &lt; b<br>\nline two")
        #expect(stored["1"]?.content == "a &lt; b<br>\nline two")
        #expect(stored["2"]?.summary == "<p>a &lt; b</p>" && stored["2"]?.content == "<p>line<br>two</p>")
    }

    @Test func itemsStoredAsRawTextAreRewrittenWhenARefreshListsThemAgain() async throws {
        // As a store that did not know the text was plain kept it: as written.
        let raw = ParsedItem(id: "1", title: "Post", content: "a < b\nline two")
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(items: [raw]), fetchedAt: day(1))
        #expect(try await store.indexPendingItems(limit: 10) == 1)

        var text = raw
        text.contentIsText = true
        #expect(try await store.storeRefresh(feedID: feed.id, document: document(items: [text]), at: day(2)) == 0)
        let item = try #require(try await store.items(ItemQuery(includeContent: true)).first)
        #expect(item.content == "a &lt; b<br>\nline two")
        // The changed row goes to the search index again; a refresh that changes nothing writes nothing.
        #expect(try await store.indexPendingItems(limit: 10) == 1)
        _ = try await store.storeRefresh(feedID: feed.id, document: document(items: [text]), at: day(3))
        #expect(try await store.indexPendingItems(limit: 10) == 0)
    }

    @Test func playingTimesAreKept() async throws {
        let enclosures = [Enclosure(url: "https://e.org/1.mp3", type: "audio/mpeg", length: 5, duration: 1934), Enclosure(url: "https://e.org/2.mp3")]
        _ = try await store.addFeed(url: feedURL, document: document(items: [ParsedItem(id: "1", enclosures: enclosures)]), fetchedAt: day(1))
        #expect(try await store.items(ItemQuery()).first?.enclosures == enclosures)
    }

    @Test func markReadCountsOnlyChangedItems() async throws {
        _ = try await store.addFeed(url: feedURL, document: document(items: [
            ParsedItem(id: "1"), ParsedItem(id: "2"), ParsedItem(id: "3"),
        ]), fetchedAt: day(1))
        let ids = try await store.items(ItemQuery()).map(\.id)

        #expect(try await store.markRead(ids: [ids[0], ids[1]], read: true) == 2)
        #expect(try await store.markRead(ids: [ids[0], ids[1]], read: true) == 0)
        #expect(try await store.markRead(ids: ids + [ids[2], 9_999], read: true) == 1)
        #expect(try await store.markRead(ids: [], read: true) == 0)
        #expect(try await store.items(ItemQuery()).isEmpty)

        #expect(try await store.markRead(ids: [ids[1]], read: false) == 1)
        #expect(try await store.items(ItemQuery()).map(\.id) == [ids[1]])
    }

    @Test func listedAfterGoesOnBelowAnItemInTheListingsOrder() async throws {
        _ = try await store.addFeed(url: feedURL, document: document(items: [
            ParsedItem(id: "undated", title: "Undated"),
            ParsedItem(id: "old", title: "Old", published: day(1)),
            ParsedItem(id: "twin-1", title: "Twin 1", published: day(3)),
            ParsedItem(id: "twin-2", title: "Twin 2", published: day(3)),
            ParsedItem(id: "new", title: "New", published: day(4)),
        ]), fetchedAt: day(10))
        let listing = try await store.items(ItemQuery())
        // A document's first item gets the highest number: same date, it is listed first.
        #expect(listing.map(\.title) == ["Undated", "New", "Twin 1", "Twin 2", "Old"])
        for (index, item) in listing.enumerated() {
            let after = try await titles(ItemQuery(listedAfter: item.id))
            #expect(after == listing.dropFirst(index + 1).map(\.title), "after \(item.title ?? "")")
        }
        // Read items are passed over; the item itself need not be unread.
        _ = try await store.markRead(ids: [listing[2].id, listing[1].id], read: true)
        #expect(try await titles(ItemQuery(limit: 1, listedAfter: listing[0].id)) == ["Twin 2"])
        #expect(try await titles(ItemQuery(listedAfter: 999_999)).isEmpty)
    }

    @Test func unreadListingUsesAnIndexRatherThanSorting() async throws {
        // The listing is what `tidings` runs most; with tens of thousands of items a sort per
        // call would be felt. SQLite reports a sort as "USE TEMP B-TREE FOR ORDER BY".
        for query in [ItemQuery(), ItemQuery(unreadOnly: false), ItemQuery(feedID: 1)] {
            let plan = try await store.queryPlan(query)
            #expect(!plan.contains("TEMP B-TREE"), "\(query): \(plan)")
        }
    }

    private func titles(_ query: ItemQuery) async throws -> [String?] {
        try await store.items(query).map(\.title)
    }

    @Test func refreshingKnownItemsUsesUpNoNumbers() async throws {
        let items = (1...5).map { ParsedItem(id: "\($0)", title: "Item \($0)", published: day($0)) }
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(items: items), fetchedAt: day(10))
        for refresh in 0..<3 {
            var changed = items
            changed[0].title = "Item 1, version \(refresh)"
            #expect(try await store.storeRefresh(feedID: feed.id, document: document(items: changed), at: day(11)) == 0)
        }
        _ = try await store.storeRefresh(
            feedID: feed.id, document: document(items: items + [ParsedItem(id: "6", title: "Six")]), at: day(12))
        let numbers = try await store.items(ItemQuery(unreadOnly: false)).map(\.id).sorted()
        #expect(numbers == Array(1...6), "numbers stay dense: \(numbers)")
    }
}

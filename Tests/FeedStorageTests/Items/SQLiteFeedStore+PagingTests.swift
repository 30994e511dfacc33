import FeedEntities
@testable import FeedStorage
import Foundation
import Testing

/// Pages of a listing (`itemPage`): forwards and backwards from an item, from the end, and
/// where a page lies in the whole listing.
struct SQLiteFeedStorePagingTests {
    let store: SQLiteFeedStore

    init() throws {
        store = try SQLiteFeedStore.inMemory()
    }

    /// Two feeds whose items share dates (ties the listing breaks by number), tagged, with one
    /// article through both feeds, starred, read and undated items.
    private func library() async throws -> (a: Int64, b: Int64) {
        let (a, _) = try await store.addFeed(url: "https://a.example/feed", document: document(title: "A", items: [
            ParsedItem(id: "a1", title: "A1", link: "https://a.example/1", published: day(3)),
            ParsedItem(id: "a2", title: "A2", link: "https://a.example/2", published: day(3)),
            ParsedItem(id: "a3", title: "A3", link: "https://a.example/3", published: day(2)),
            ParsedItem(id: "a4", title: "A4", link: "https://a.example/4", published: day(5)),
            ParsedItem(id: "a5", title: "A5", link: "https://a.example/5"),
        ]), check: FeedCheck(at: day(6)), tags: ["news"], customTitle: nil)
        let (b, _) = try await store.addFeed(url: "https://b.example/feed", document: document(title: "B", items: [
            ParsedItem(id: "b1", title: "B1", link: "https://b.example/1", published: day(3)),
            ParsedItem(id: "b2", title: "A2 (copy)", link: "https://a.example/2", published: day(3)),
            ParsedItem(id: "b3", title: "B3", link: "https://b.example/3", published: day(1)),
            ParsedItem(id: "b4", title: "B4", link: "https://b.example/4", published: day(3)),
        ]), check: FeedCheck(at: day(7)), tags: [], customTitle: nil)
        let listed = try await store.items(ItemQuery(unreadOnly: false))
        let number = { (title: String) in listed.first { $0.title == title }!.id }
        _ = try await store.markRead(ids: [number("A3"), number("B1")], read: true)
        _ = try await store.setStarred(ids: [number("A1"), number("B4"), number("B3")], starred: true)
        return (a.id, b.id)
    }

    @Test func pagesForwardsAndBackwardsCoverTheListingAcrossEqualDates() async throws {
        let (a, _) = try await library()
        for query in [ItemQuery(unreadOnly: false), ItemQuery(), ItemQuery(unreadOnly: false, feedID: a)] {
            let listing = try await store.items(query).map(\.id)
            #expect(Set(listing).count == listing.count && listing.count >= 3, "\(query)")
            for (index, number) in listing.enumerated() {
                var after = query, before = query
                after.listedAfter = number
                after.limit = 2
                before.listedBefore = number
                before.limit = 2
                #expect(try await store.items(after).map(\.id) == Array(listing.dropFirst(index + 1).prefix(2)), "after \(number)")
                #expect(try await store.items(before).map(\.id) == Array(listing[max(0, index - 2)..<index]), "before \(number)")
            }
            // Page by page, down from the top and up from the end, the pages add up to the listing.
            var down: [Int64] = [], page = query
            page.limit = 2
            while case let next = try await store.items(page).map(\.id), !next.isEmpty {
                down += next
                page.listedAfter = next.last
            }
            #expect(down == listing, "\(query)")
            var up: [Int64] = [], last = query
            last.limit = 2
            last.fromEnd = true
            var next = try await store.items(last).map(\.id)
            while !next.isEmpty {
                up = next + up
                var above = query
                above.limit = 2
                above.listedBefore = next.first
                next = try await store.items(above).map(\.id)
            }
            #expect(up == listing, "\(query)")
        }
    }

    @Test func fromEndGivesTheOldestItemsNewestFirst() async throws {
        _ = try await library()
        let listing = try await store.items(ItemQuery(unreadOnly: false)).map(\.id)
        #expect(try await store.items(ItemQuery(unreadOnly: false, limit: 3, fromEnd: true)).map(\.id) == Array(listing.suffix(3)))
        #expect(try await store.items(ItemQuery(unreadOnly: false, fromEnd: true)).map(\.id) == listing)
        #expect(try await store.items(ItemQuery(unreadOnly: false, limit: 0, fromEnd: true)).isEmpty)
        #expect(try await store.items(ItemQuery(unreadOnly: false, limit: 100, fromEnd: true)).map(\.id) == listing)
    }

    @Test func thePositionCountsTheListingItsFiltersSelect() async throws {
        let (a, b) = try await library()
        _ = try await store.indexPendingItems(limit: 100)
        let all = try await store.items(ItemQuery(unreadOnly: false, feedID: a)) + store.items(ItemQuery(unreadOnly: false, feedID: b))
        let queries = [
            ItemQuery(), ItemQuery(unreadOnly: false), ItemQuery(unreadOnly: false, starredOnly: true),
            ItemQuery(unreadOnly: false, feedID: b), ItemQuery(feedID: a), ItemQuery(unreadOnly: false, tag: "NEWS"),
            ItemQuery(unreadOnly: false, since: day(3)), ItemQuery(unreadOnly: false, match: "a2"),
            ItemQuery(unreadOnly: false, tag: "none"),
        ]
        for query in queries {
            let listing = try await store.items(query)
            let whole = try await store.itemPage(query, withPosition: true)
            #expect(whole.items == listing)
            #expect(whole.position == ItemPage.Position(total: listing.count, offset: 0), "\(query)")
            // Every item may be an anchor, listed or not (read, a copy, another feed's).
            for anchor in all {
                let above = listing.filter { Self.key($0) > Self.key(anchor) }.count
                let below = listing.filter { Self.key($0) < Self.key(anchor) }.count
                for limit in [0, 1, 2, nil] {
                    var after = query, before = query
                    after.listedAfter = anchor.id
                    after.limit = limit
                    before.listedBefore = anchor.id
                    before.limit = limit
                    let afterPage = try await store.itemPage(after, withPosition: true)
                    let beforePage = try await store.itemPage(before, withPosition: true)
                    let context = "\(query), anchor \(anchor.title ?? ""), limit \(limit.map(String.init) ?? "none")"
                    #expect(afterPage.position == ItemPage.Position(total: listing.count, offset: listing.count - below), "\(context)")
                    #expect(beforePage.position == ItemPage.Position(total: listing.count, offset: above - beforePage.items.count), "\(context)")
                    if let first = afterPage.items.first {
                        #expect(listing.firstIndex(of: first) == afterPage.position?.offset, "\(context)")
                    }
                    if let first = beforePage.items.first {
                        #expect(listing.firstIndex(of: first) == beforePage.position?.offset, "\(context)")
                    }
                }
            }
            for limit in [0, 2, nil] {
                var last = query
                last.fromEnd = true
                last.limit = limit
                let page = try await store.itemPage(last, withPosition: true)
                #expect(page.items == Array(listing.suffix(limit ?? listing.count)), "\(query)")
                #expect(page.position == ItemPage.Position(total: listing.count, offset: listing.count - page.items.count), "\(query)")
            }
        }
        // Hidden items count only when listed.
        try await store.writer.write { db in try db.execute(sql: "UPDATE item SET is_hidden = 1 WHERE feed_id = ?", arguments: [a]) }
        let shown = try await store.itemPage(ItemQuery(unreadOnly: false), withPosition: true)
        let everything = try await store.itemPage(ItemQuery(unreadOnly: false, includeHidden: true), withPosition: true)
        #expect(shown.position?.total == shown.items.count && shown.items.allSatisfy { $0.feedID == b })
        #expect(everything.position?.total == everything.items.count && everything.items.count > shown.items.count)
        // The unread total, taken from the feeds' counters, leaves out what the listing leaves
        // out: hidden items, and the copy of an article another feed brought first.
        let unread = try await store.itemPage(ItemQuery(), withPosition: true)
        #expect(!unread.items.isEmpty && unread.position?.total == unread.items.count, "\(unread.items.map(\.title))")
        #expect(try await store.items(ItemQuery(unreadOnly: false, includeHidden: true)).allSatisfy { $0.title != "A2 (copy)" }, "the copy is a copy")
    }

    @Test func theUnreadTotalFollowsEveryChangeOfTheItems() async throws {
        let (a, b) = try await library()
        func expectTotal(_ context: String) async throws {
            let page = try await store.itemPage(ItemQuery(), withPosition: true)
            let counted = try await store.items(ItemQuery()).count
            #expect(page.position?.total == counted && page.items.count == counted, "\(context)")
        }
        try await expectTotal("as added")
        let listed = try await store.items(ItemQuery(unreadOnly: false, includeHidden: true))
        _ = try await store.markRead(ids: listed.prefix(3).map(\.id), read: true)
        try await expectTotal("three read")
        // The copied article marked unread (both its copies are).
        _ = try await store.markRead(ids: [listed.first { $0.title == "A2" }!.id], read: false)
        try await expectTotal("the copied article unread")
        try await store.writer.write { db in try db.execute(sql: "UPDATE item SET is_hidden = 1 WHERE feed_id = ?", arguments: [b]) }
        try await expectTotal("one feed hidden")
        try await store.writer.write { db in try db.execute(sql: "DELETE FROM item WHERE feed_id = ?", arguments: [a]) }
        try await expectTotal("one feed's items deleted")
    }

    @Test func anAnchorThatNamesNoItemIsAnError() async throws {
        _ = try await library()
        for query in [ItemQuery(listedAfter: 999_999), ItemQuery(listedBefore: 999_999)] {
            await #expect(throws: FeedStoreError.itemNotFound(999_999)) {
                try await store.itemPage(query, withPosition: false)
            }
            #expect(try await store.items(query).isEmpty, "items lists nothing after or before it")
        }
        #expect(FeedStoreError.itemNotFound(7).description == "no item 7")
    }

    @Test func pagesSeekTheirAnchorInTheDateIndexesAndCountFromAnIndexAlone() async throws {
        _ = try await library()
        // A page from an anchor starts where the anchor is (SEARCH … (<expr><?)), not at the top.
        let anchored = [
            ItemQuery(limit: 50, listedAfter: 3), ItemQuery(limit: 50, listedBefore: 3),
            ItemQuery(unreadOnly: false, limit: 50, listedBefore: 3), ItemQuery(feedID: 1, limit: 50, listedAfter: 3),
        ]
        for query in anchored {
            let plan = try await store.queryPlan(query)
            #expect(plan.contains("SEARCH item USING INDEX") && !plan.contains("TEMP B-TREE"), "\(query): \(plan)")
        }
        for query in [ItemQuery(unreadOnly: false, limit: 50, fromEnd: true), ItemQuery(starredOnly: true, limit: 50, fromEnd: true)] {
            let plan = try await store.queryPlan(query)
            #expect(!plan.contains("TEMP B-TREE"), "\(query): \(plan)")
        }
        let acrossFeeds = [
            ItemQuery(listedAfter: 3), ItemQuery(unreadOnly: false, listedBefore: 3),
            ItemQuery(unreadOnly: false, tag: "news", since: day(2)),
        ]
        for query in acrossFeeds {
            let plan = try await store.positionQueryPlan(query)
            #expect(plan.contains("INDEX item_listed_by_date"), "\(query): \(plan)")
        }
        // Starred items are few: counted, and listed across feeds, in their own index.
        let starred = try await store.positionQueryPlan(ItemQuery(unreadOnly: false, starredOnly: true))
        #expect(starred.contains("USING INDEX item_starred_by_date"), "\(starred)")
        for query in [ItemQuery(unreadOnly: false, starredOnly: true, limit: 1), ItemQuery(starredOnly: true, limit: 5)] {
            let plan = try await store.queryPlan(query)
            #expect(plan.contains("USING INDEX item_starred_by_date") && !plan.contains("TEMP B-TREE"), "\(query): \(plan)")
        }
        let feed = try await store.positionQueryPlan(ItemQuery(feedID: 1, listedAfter: 3))
        #expect(feed.contains("INDEX item_by_feed"), "\(feed)")
    }

    /// Where the listing puts an item: (date, number), larger first.
    private static func key(_ item: Item) -> (Double, Int64) {
        ((item.published ?? item.updated ?? item.firstSeen).timeIntervalSince1970, item.id)
    }
}

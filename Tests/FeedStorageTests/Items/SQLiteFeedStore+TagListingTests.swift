import FeedEntities
@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// Listings by tag: the two ways of finding their items (`SQLiteFeedStore.TagAccess`) list the
/// same items in the same order, and the store picks by the tag's share of the items.
struct SQLiteFeedStoreTagListingTests {
    let store: SQLiteFeedStore

    init() throws {
        store = try SQLiteFeedStore.inMemory()
    }

    /// Eight feeds of six items: two tagged `news`, and three items of a third tagged `news` by
    /// a rule (one of them a copy of a tagged feed's article); dates repeat and some are
    /// missing; some items read, starred or hidden.
    private func library() async throws -> [Int64] {
        for feed in 1...8 {
            // The sixth items of feeds 1 and 5 are one article: feed 5's is a copy.
            let items = (1...6).map { n in
                ParsedItem(
                    id: "\(feed)-\(n)", title: "F\(feed) I\(n)",
                    link: n == 6 && (feed == 1 || feed == 5) ? "https://a.example/article" : nil,
                    published: n == 3 ? nil : day((feed * 7 + n * 3) % 11))
            }
            let document = document(title: "Feed \(feed)", items: items)
            _ = try await store.addFeed(
                url: "https://f\(feed).example/feed", document: document, check: FeedCheck(at: day(20 + feed)),
                tags: feed <= 2 ? ["News"] : [], customTitle: nil)
        }
        // 47 items: the copy is not listed.
        let all = try await store.items(ItemQuery(unreadOnly: false, includeHidden: true)).map(\.id).sorted()
        try #require(all.count == 47)
        _ = try await store.markRead(ids: [all[0], all[7], all[13], all[30]], read: true)
        _ = try await store.setStarred(ids: [all[1], all[8], all[26]], starred: true)
        let tagged = [all[24], all[26], all[29]]
        try await store.write("tag and hide") { db in
            for id in tagged { try db.execute(sql: "INSERT INTO item_tag (item_id, tag) VALUES (?, 'news')", arguments: [id]) }
            // The copy too: listed across feeds only as its original.
            try db.execute(sql: "INSERT INTO item_tag (item_id, tag) SELECT id, 'news' FROM item WHERE duplicate_of IS NOT NULL")
            try db.execute(sql: "UPDATE item SET is_hidden = 1 WHERE id IN (?, ?)", arguments: [all[2], all[25]])
        }
        return all
    }

    @Test func bothWaysListTheSameItemsInTheSameOrder() async throws {
        let all = try await library()
        var queries: [ItemQuery] = []
        for limit in [1, 2, 5, 50, nil] as [Int?] {
            queries += [
                ItemQuery(tag: "news", limit: limit),
                ItemQuery(unreadOnly: false, tag: "news", limit: limit),
                ItemQuery(unreadOnly: false, tag: "NEWS", limit: limit, includeHidden: true),
                ItemQuery(unreadOnly: false, starredOnly: true, tag: "news", limit: limit),
                ItemQuery(unreadOnly: false, tag: "news", since: day(5), limit: limit),
                ItemQuery(unreadOnly: false, tag: "news", limit: limit, fromEnd: true),
                ItemQuery(unreadOnly: false, tag: "news", afterID: all[3], limit: limit),
                ItemQuery(tag: "news", match: "F1", limit: limit),
                ItemQuery(tag: "none", limit: limit),
            ]
            for anchor in [all[0], all[4], all[25], all[all.count - 1]] {
                queries += [
                    ItemQuery(unreadOnly: false, tag: "news", limit: limit, listedAfter: anchor),
                    ItemQuery(unreadOnly: false, tag: "news", limit: limit, listedBefore: anchor),
                ]
            }
        }
        var listed = 0
        for query in queries {
            let byDate = try await store.items(query, tagAccess: .dateOrder)
            let byFeed = try await store.items(query, tagAccess: .feedByFeed)
            #expect(byDate == byFeed, "\(query)")
            listed += byDate.count
        }
        #expect(listed > 300, "the queries list items")
        // Spot check: the rule's tag and the feeds' tag, hidden items left out, a copy once.
        let titles = try await store.items(ItemQuery(unreadOnly: false, tag: "news")).compactMap(\.title)
        #expect(titles.filter { $0.hasPrefix("F1 ") || $0.hasPrefix("F2 ") }.count == 11)
        #expect((1...3).contains(titles.filter { $0.hasPrefix("F5 ") }.count))
    }

    @Test func theStorePicksTheWayByTheTagsShare() async throws {
        _ = try await library()
        // Two feeds' 12 items and 4 tagged by a rule, of 48: (12 + 4)² ≥ 4 × 48, the date order finds 4 soon.
        #expect(try await store.tagAccess(of: ItemQuery(unreadOnly: false, tag: "news", limit: 4)) == .dateOrder)
        // 50 items would take most of the listing in the date order: feed by feed.
        #expect(try await store.tagAccess(of: ItemQuery(unreadOnly: false, tag: "news", limit: 50)) == .feedByFeed)
        #expect(try await store.tagAccess(of: ItemQuery(tag: "none", limit: 1)) == .feedByFeed)
        // No limit: every tagged item is read either way.
        #expect(try await store.tagAccess(of: ItemQuery(tag: "news")) == .dateOrder)
        #expect(try await store.tagAccess(of: ItemQuery(limit: 5)) == .dateOrder)
    }
}

import FeedEntities
@testable import FeedStorage
import Foundation
import Testing

/// The ways a listing joins a word with its date order (`FullTextAccess`): each is chosen for
/// the number of items that match, and all three list the same items.
struct SQLiteFeedStoreFullTextAccessTests {
    /// 4,500 items over three feeds (the first tagged `group`): every item has "common", every
    /// 300th "seldom", every other one "half"; a tenth of them read.
    static func store() async throws -> SQLiteFeedStore {
        let store = try SQLiteFeedStore.inMemory(text: SQLiteFeedStoreSearchContentTests.text)
        let now = Date()
        for feed in 0..<3 {
            let items = (0..<1_500).map { index -> ParsedItem in
                let number = feed * 1_500 + index
                let words = ["common"] + (number % 300 == 0 ? ["seldom"] : []) + (number % 2 == 0 ? ["half"] : [])
                return ParsedItem(
                    id: "\(number)", title: "Item \(number)", link: "https://f\(feed).example/\(number)",
                    published: now.addingTimeInterval(-Double(number * 97 % 4_500) * 60), summary: "<p>\(words.joined(separator: " "))</p>")
            }
            let (stored, _) = try await store.addFeed(
                url: "https://f\(feed).example/feed", document: ParsedFeed(format: .rss20, title: "F\(feed)", items: items), fetchedAt: now)
            if feed == 0 { _ = try await store.tagFeed(id: stored.id, adding: ["group"], removing: []) }
        }
        while try await store.indexPendingItems(limit: 1_000) > 0 {}
        let all = try await store.items(ItemQuery(unreadOnly: false))
        _ = try await store.markRead(ids: all.enumerated().filter { $0.offset % 10 == 0 }.map(\.element.id), read: true)
        return store
    }

    private func query(_ text: String, limit: Int = 50) throws -> ItemQuery {
        var query = ItemQuery(unreadOnly: false, limit: limit)
        query.filter = try ItemFilter(parsing: text)
        return query
    }

    @Test func theAccessFollowsHowManyItemsMatch() async throws {
        let store = try await Self.store()
        #expect(try await store.fullTextAccess(of: query("seldom")) == .fromMatches, "15 matches")
        // 4,500 matches: past the few, short of 91 √4,500 (6,104), where asking each would pay.
        #expect(try await store.fullTextAccess(of: query("common")) == .againstMatches, "every item")
        #expect(try await store.fullTextAccess(of: query("is:unread common tag:group")) == .againstMatches)
        #expect(try await store.fullTextAccess(of: query("-common")) == nil, "a word inside NOT is no condition of the listing")
        #expect(try await store.fullTextAccess(of: query("common OR seldom")) == nil)
        #expect(try await store.fullTextAccess(of: query("title:item")) == nil, "no word")
        var unbounded = try query("common")
        unbounded.limit = nil
        #expect(try await store.fullTextAccess(of: unbounded) == nil, "a whole listing, not a page")
        var search = ItemQuery(unreadOnly: true, match: "\"seldom\"", limit: 50)
        #expect(try await store.fullTextAccess(of: search) == .fromMatches, "list --search too")
        search.match = "\"common\""
        #expect(try await store.fullTextAccess(of: search) == .againstMatches)
    }

    @Test func gatheringOnceIsChosenBetweenFewAndMost() {
        #expect(SQLiteFeedStore.manyMatches(listed: 100_000) == 28_776)
        #expect(SQLiteFeedStore.manyMatches(listed: 1_000_000) == 91_000)
        #expect(SQLiteFeedStore.manyMatches(listed: 100) == SQLiteFeedStore.fewMatches)
    }

    static let queries = ["common", "seldom", "half", "is:unread common tag:group", "is:unread half -title:\"Item 1\"", "common newer:2d"]

    @Test(arguments: queries)
    func everyAccessListsTheSameItems(text: String) async throws {
        #expect(!Self.queries.isEmpty)
        let store = try await Self.store()
        for limit in [10, 50, 400] {
            let query = try query(text, limit: limit)
            let expected = try await store.items(query, fullTextAccess: .againstMatches).map(\.id)
            #expect(!expected.isEmpty, "\(text)")
            #expect(try await store.items(query, fullTextAccess: .fromMatches).map(\.id) == expected, "\(text), \(limit)")
            #expect(try await store.items(query, fullTextAccess: .askingEach).map(\.id) == expected, "\(text), \(limit)")
            #expect(try await store.items(query).map(\.id) == expected, "\(text), \(limit): the chosen way")
        }
    }

    @Test func liftedTermsListTheSameItemsAsTheFilterDoes() async throws {
        let store = try await Self.store()
        for text in ["is:unread tag:group half", "is:starred OR tag:group", "tag:GROUP newer:1d -half", "is:unread"] {
            var query = try query(text, limit: 100)
            query.filterTime = Date()
            let lifted = query.liftingFilterTerms()
            var unlifted = ItemQuery(unreadOnly: false, limit: 100)
            unlifted.filter = query.filter
            unlifted.filterTime = query.filterTime
            // Listed through the SQL of the filter alone, without lifting.
            let plain = unlifted
            let direct = try await store.read("list") { db in
                try SQLiteFeedStore.listedItems(plain, db, reader: store.itemRowReader(), fullTextAccess: .againstMatches)
            }
            #expect(try await store.items(query).map(\.id) == direct.map(\.id), "\(text)")
            #expect(lifted.filter != query.filter || text.contains("OR"), "\(text): something was lifted")
        }
        let lifted = try query("is:unread tag:group newer:1d half").liftingFilterTerms()
        #expect(lifted.unreadOnly && lifted.tag == "group" && lifted.since != nil)
        #expect(lifted.filter == .words("half"))
    }
}

import FeedEntities
@testable import FeedStorage
import Foundation
import Testing

/// Rules applied by the SQLite store (in memory) to new items.
struct SQLiteFeedStoreRulesTests {
    let store: SQLiteFeedStore

    init() throws {
        store = try SQLiteFeedStore.inMemory()
    }

    func rule(_ name: String, _ field: RuleCondition.Field, _ pattern: String, _ actions: [RuleAction]) throws -> Rule {
        Rule(name: name, conditions: [RuleCondition(field: field, pattern: try RulePattern(parsing: pattern))], actions: actions)
    }

    func item(_ id: String, _ title: String, author: String? = nil) -> ParsedItem {
        ParsedItem(id: id, title: title, link: "https://example.org/\(id)", author: author, published: day(1))
    }

    func stored(_ title: String, hidden: Bool = true) async throws -> Item {
        let items = try await store.items(ItemQuery(unreadOnly: false, includeHidden: hidden))
        return try #require(items.first { $0.title == title })
    }

    @Test func eachActionAppliesToNewItems() async throws {
        store.setRules([
            try rule("quiet", .title, "/^Daily digest/", [.markRead]),
            try rule("fav", .author, "ada", [.star, .addTag("people")]),
            try rule("ads", .title, "sponsored", [.hide]),
        ])
        let (feed, count) = try await store.addFeed(url: feedURL, document: document(items: [
            item("1", "Daily digest 1"), item("2", "Notes", author: "Ada L."), item("3", "SPONSORED post"), item("4", "Plain"),
        ]), fetchedAt: day(1))
        #expect(count == 4)

        #expect(try await stored("Daily digest 1").isRead)
        let starred = try await stored("Notes")
        #expect(starred.isStarred && !starred.isRead)
        #expect(try await store.itemTags(id: starred.id) == ["people"])
        let plain = try await stored("Plain")
        #expect(!plain.isRead && !plain.isStarred)

        // Hidden: kept in the store, out of default listings.
        let listed = try await store.items(ItemQuery(unreadOnly: false)).compactMap(\.title)
        #expect(Set(listed) == ["Daily digest 1", "Notes", "Plain"])
        #expect(try await store.items(ItemQuery(unreadOnly: false, includeHidden: true)).count == 4)
        #expect(try await store.items(ItemQuery(unreadOnly: false, feedID: feed.id)).count == 3)

        // A rule's tag lists the item under `--tag`.
        #expect(try await store.items(ItemQuery(unreadOnly: false, tag: "PEOPLE")).compactMap(\.title) == ["Notes"])

        #expect(try await store.ruleMatchCounts() == ["quiet": 1, "fav": 1, "ads": 1])
    }

    @Test func knownItemsAreNotRunAgain() async throws {
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(items: [item("1", "Sponsored old")]), fetchedAt: day(1))
        store.setRules([try rule("ads", .title, "sponsored", [.hide])])
        _ = try await store.storeRefresh(
            feedID: feed.id, document: document(items: [item("2", "Sponsored new"), item("1", "Sponsored old")]), at: day(2))
        #expect(try await store.items(ItemQuery(unreadOnly: false)).compactMap(\.title) == ["Sponsored old"])
        #expect(try await store.ruleMatchCounts() == ["ads": 1])
    }

    @Test func feedAndTagConditionsSeeTheFeed() async throws {
        store.setRules([
            Rule(name: "swift", conditions: [
                RuleCondition(field: .feed, pattern: try RulePattern(parsing: "example")),
                RuleCondition(field: .tag, pattern: try RulePattern(parsing: "swift")),
            ], actions: [.star]),
        ])
        _ = try await store.addFeed(
            url: feedURL, document: document(items: [item("1", "A")]), check: FeedCheck(at: day(1)), tags: ["Swift"],
            customTitle: nil)
        _ = try await store.addFeed(url: "https://other.org/feed", document: document(items: [item("9", "B")]), fetchedAt: day(1))
        #expect(try await stored("A").isStarred)
        #expect(try await !stored("B").isStarred)
    }

    @Test func dryRunListsMatchesAndChangesNothing() async throws {
        _ = try await store.addFeed(url: feedURL, document: document(items: [
            item("1", "Sponsored one"), item("2", "Other"), item("3", "sponsored two"),
        ]), fetchedAt: day(1))
        let ads = try rule("ads", .title, "sponsored", [.hide])
        let matches = try await store.items(matching: ads, limit: 10)
        #expect(matches.compactMap(\.title) == ["Sponsored one", "sponsored two"])
        #expect(try await store.items(matching: ads, limit: 1).count == 1)
        #expect(try await store.items(ItemQuery(unreadOnly: false)).count == 3)
        #expect(try await store.ruleMatchCounts().isEmpty)
    }

    @Test func searchLeavesHiddenItemsOut() async throws {
        store.setRules([try rule("ads", .title, "sponsored", [.hide])])
        _ = try await store.addFeed(url: feedURL, document: document(items: [
            item("1", "Sponsored kernel news"), item("2", "Kernel release"),
        ]), fetchedAt: day(1))
        _ = try await store.indexPendingItems(limit: 100) { $0 }
        let hits = try await store.search(SearchQuery(match: "kernel"))
        #expect(hits.compactMap(\.item.title) == ["Kernel release"])
    }
}

extension SQLiteFeedStoreRulesTests {
    @Test func hiddenItemsAreNotCountedAsUnread() async throws {
        store.setRules([try rule("ads", .title, "sponsored", [.hide])])
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(items: [
            item("1", "Sponsored post"), item("2", "Plain"), item("3", "Also sponsored"),
        ]), fetchedAt: day(1))
        #expect(try await store.feed(id: feed.id)?.unreadCount == 1)
        #expect(try await store.feed(id: feed.id)?.itemCount == 3, "still stored")
        #expect(try await store.statistics().unread == 1)
    }
}

import FeedEntities
@testable import FeedStorage
import Foundation
import Synchronization
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
        let rules = RuleSet([
            try rule("quiet", .title, "/^Daily digest/", [.markRead]),
            try rule("fav", .author, "ada", [.star, .addTag("people")]),
            try rule("ads", .title, "sponsored", [.hide]),
        ])
        let (feed, count) = try await store.addFeed(url: feedURL, document: document(items: [
            item("1", "Daily digest 1"), item("2", "Notes", author: "Ada L."), item("3", "SPONSORED post"), item("4", "Plain"),
        ]), fetchedAt: day(1), rules: rules)
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
        let rules = RuleSet([try rule("ads", .title, "sponsored", [.hide])])
        _ = try await store.storeRefresh(
            feedID: feed.id, document: document(items: [item("2", "Sponsored new"), item("1", "Sponsored old")]), at: day(2), rules: rules)
        #expect(try await store.items(ItemQuery(unreadOnly: false)).compactMap(\.title) == ["Sponsored old"])
        #expect(try await store.ruleMatchCounts() == ["ads": 1])
    }

    @Test func feedAndTagConditionsSeeTheFeed() async throws {
        let rules = RuleSet([
            Rule(name: "swift", conditions: [
                RuleCondition(field: .feed, pattern: try RulePattern(parsing: "example")),
                RuleCondition(field: .tag, pattern: try RulePattern(parsing: "swift")),
            ], actions: [.star]),
        ])
        _ = try await store.addFeed(
            url: feedURL, document: document(items: [item("1", "A")]), check: FeedCheck(at: day(1)), tags: ["Swift"],
            customTitle: nil, settings: FeedSettings(), rules: rules)
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

    @Test func contentRulesReadPlainTextAsTheStoredHTML() async throws {
        // Plain text is stored as HTML like the rest: new items and `rules apply` see the same.
        let rules = RuleSet([
            try rule("words", .content, "second line", [.star]),
            try rule("markup", .content, "a &lt; b", [.addTag("escaped")]),
            try rule("raw", .content, "a < b", [.markRead]),
        ])
        var post = item("1", "Post")
        post.content = "a < b\nsecond line"
        post.contentIsText = true
        _ = try await store.addFeed(url: feedURL, document: document(items: [post]), fetchedAt: day(1), rules: rules)
        #expect(try await store.ruleMatchCounts() == ["words": 1, "markup": 1])
        #expect(try await store.items(matching: try rule("words", .content, "second line", []), limit: 10).count == 1)
        #expect(try await store.items(matching: try rule("raw", .content, "a < b", []), limit: 10).isEmpty)
    }

    @Test func applyingARuleChangesTheStoredItemsItMatchesOnce() async throws {
        _ = try await store.addFeed(url: feedURL, document: document(items: [
            item("1", "Sponsored one"), item("2", "Other"), item("3", "sponsored two"),
        ]), fetchedAt: day(1))
        let first = try await stored("Sponsored one")
        _ = try await store.markRead(ids: [first.id], read: true)
        let ads = try rule("ads", .title, "sponsored", [.markRead, .star, .hide, .addTag("ad")])
        #expect(try await store.apply(ads) == RuleApplication(matched: 2, markedRead: 1, starred: 2, hidden: 2, tagged: 2))
        for title in ["Sponsored one", "sponsored two"] {
            let item = try await stored(title)
            #expect(item.isRead && item.isStarred, "\(title)")
            #expect(try await store.itemTags(id: item.id) == ["ad"])
        }
        let other = try await stored("Other")
        #expect(!other.isRead && !other.isStarred)
        #expect(try await store.items(ItemQuery(unreadOnly: false)).compactMap(\.title) == ["Other"])
        // Everything is done already; hidden items still match; counters count new items only.
        #expect(try await store.apply(ads) == RuleApplication(matched: 2))
        #expect(try await store.ruleMatchCounts().isEmpty)
        #expect(try await store.apply(try rule("none", .title, "nothing like this", [.markRead])) == RuleApplication(matched: 0))
    }

    @Test func applyingMarksEveryCopyOfAnArticleRead() async throws {
        let link = "https://news.example/story"
        _ = try await store.addFeed(
            url: feedURL, document: document(items: [ParsedItem(id: "a", title: "Story", link: link)]), fetchedAt: day(1))
        _ = try await store.addFeed(
            url: "https://other.example/feed", document: document(items: [ParsedItem(id: "b", title: "Story (copy)", link: link)]),
            fetchedAt: day(1))
        let result = try await store.apply(try rule("read", .title, "/^Story$/", [.markRead]))
        #expect(result == RuleApplication(matched: 1, markedRead: 1))
        let all = try await store.items(ItemQuery(unreadOnly: false, feedID: nil, includeHidden: true))
        #expect(all.count == 1, "the copy is listed with the original")
        #expect(try await store.items(ItemQuery(unreadOnly: true)).isEmpty)
        let copies = try await store.items(ItemQuery(unreadOnly: true, feedID: 2))
        #expect(copies.isEmpty, "the other feed's copy is read too")
    }

    @Test func applyingStopsBeforeChangingAnythingWhenTheRuleIsTooSlow() async throws {
        _ = try await store.addFeed(url: feedURL, document: document(items: [
            item("1", "Plain"), item("2", Self.slowTitle),
        ]), fetchedAt: day(1))
        let slow = try rule("slow", .title, "/(a|aa)+$|Plain/", [.markRead])
        let item = try #require(try await store.items(ItemQuery(unreadOnly: false)).first { $0.title == Self.slowTitle })
        await #expect(throws: RuleTooSlow(rule: "slow", item: item.id)) { try await store.apply(slow) }
        #expect(try await store.items(ItemQuery(unreadOnly: true)).count == 2)
    }

    @Test func searchLeavesHiddenItemsOut() async throws {
        let rules = RuleSet([try rule("ads", .title, "sponsored", [.hide])])
        _ = try await store.addFeed(url: feedURL, document: document(items: [
            item("1", "Sponsored kernel news"), item("2", "Kernel release"),
        ]), fetchedAt: day(1), rules: rules)
        _ = try await store.indexPendingItems(limit: 100)
        let hits = try await store.search(SearchQuery(match: "kernel"))
        #expect(hits.compactMap(\.item.title) == ["Kernel release"])
    }
}

extension SQLiteFeedStoreRulesTests {
    @Test func hiddenItemsAreNotCountedAsUnread() async throws {
        let rules = RuleSet([try rule("ads", .title, "sponsored", [.hide])])
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(items: [
            item("1", "Sponsored post"), item("2", "Plain"), item("3", "Also sponsored"),
        ]), fetchedAt: day(1), rules: rules)
        #expect(try await store.feed(id: feed.id)?.unreadCount == 1)
        #expect(try await store.feed(id: feed.id)?.itemCount == 3, "still stored")
        #expect(try await store.statistics().unread == 1)
    }
}

/// Rules that run out of time (`RuleBudget`): the items are stored as if they had not matched,
/// each overrun is reported, and cancellation stores nothing.
extension SQLiteFeedStoreRulesTests {
    /// Titles on which `/(a|aa)+$/` backtracks for longer than 20 s.
    static let slowTitle = String(repeating: "a", count: 64) + "!"

    /// What the store reported.
    final class Reports: Sendable {
        private let overruns = Mutex<[RuleOverrun]>([])
        func append(_ overrun: RuleOverrun) { overruns.withLock { $0.append(overrun) } }
        var all: [RuleOverrun] { overruns.withLock { $0 } }
    }

    /// `rules`, their overruns reported into the returned `Reports`.
    func reporting(_ rules: [Rule]) -> (RuleSet, Reports) {
        let reports = Reports()
        return (RuleSet(rules, reportingOverruns: { reports.append($0) }), reports)
    }

    @Test func aRuleOverItsBudgetIsSkippedForTheItemAndGivenUpAfterFive() async throws {
        let (rules, reports) = reporting([
            try rule("slow", .title, "/(a|aa)+$/", [.hide]), try rule("plain", .title, "/^Plain/", [.star]),
        ])
        let slow = (1...7).map { item("s\($0)", Self.slowTitle + "\($0)") }
        let (feed, count) = try await store.addFeed(url: feedURL, document: document(items: slow + [item("p", "Plain")]), fetchedAt: day(1), rules: rules)
        #expect(count == 8, "every item is stored")
        let items = try await store.items(ItemQuery(unreadOnly: false, includeHidden: false))
        #expect(items.count == 8, "the slow rule hid nothing")
        #expect(items.filter(\.isStarred).map(\.title) == ["Plain"], "the other rule still acts")
        #expect(try await store.ruleMatchCounts() == ["plain": 1])

        // Items are inserted from the end of the document: s7 first. Five overruns, then the
        // rule is given up for the document (s2 and s1 are not tried).
        let overruns = reports.all
        let numbers = Dictionary(uniqueKeysWithValues: items.map { ($0.title ?? "", $0.id) })
        let expected: [RuleOverrun] = (3...7).reversed().map {
            .item(rule: "slow", feedID: feed.id, item: numbers[Self.slowTitle + "\($0)"]!, title: Self.slowTitle + "\($0)")
        } + [.restOfDocument(rule: "slow", feedID: feed.id)]
        #expect(overruns == expected)
        #expect(overruns.first?.description.hasPrefix("rule 'slow' skipped for item ") == true)
        #expect(overruns.first?.description.hasSuffix(" of feed \(feed.id): still matching after 0.1 seconds") == true)
    }

    @Test func aDryRunStopsAtTheFirstItemOverTheBudget() async throws {
        _ = try await store.addFeed(url: feedURL, document: document(items: [
            item("1", "Plain"), item("2", Self.slowTitle),
        ]), fetchedAt: day(1))
        let slow = try rule("slow", .title, "/(a|aa)+$/", [.hide])
        let item = try #require(try await store.items(ItemQuery(unreadOnly: false)).first { $0.title == Self.slowTitle })
        await #expect(throws: RuleTooSlow(rule: "slow", item: item.id)) { try await store.items(matching: slow, limit: 10) }
    }

    /// Cancelled mid-match (the daemon stopping): the write throws and stores nothing. Forty
    /// slow rules on five items: 20 s of matching, which the test cuts short after the first
    /// overrun, however late a loaded machine runs it.
    @Test func cancellationDuringAMatchStoresNothing() async throws {
        let firstOverrun = AsyncStream<Void>.makeStream()
        let slowRules = try (1...40).map { try rule("slow\($0)", .title, "/(a|aa)+$/", [.hide]) }
        let rules = RuleSet(slowRules, reportingOverruns: { _ in firstOverrun.continuation.yield() })
        let slow = (1...5).map { item("s\($0)", Self.slowTitle) }
        let subscribing = Task { [store] in
            try await store.addFeed(url: feedURL, document: document(items: slow), fetchedAt: day(1), rules: rules)
        }
        var overruns = firstOverrun.stream.makeAsyncIterator()
        _ = await overruns.next()  // the next rule's match is under way
        subscribing.cancel()
        await #expect(throws: CancellationError.self) { _ = try await subscribing.value }
        #expect(try await store.feeds().isEmpty)
        #expect(try await store.items(ItemQuery(unreadOnly: false, includeHidden: true)).isEmpty)
    }
}

import FeedEntities
@testable import FeedStorage
import Foundation
import Testing

/// Tags, own titles, imports, starring and statistics in the SQLite store (in memory).
struct SQLiteFeedStoreLibraryTests {
    let store: SQLiteFeedStore

    init() throws {
        store = try SQLiteFeedStore.inMemory()
    }

    @Test func tagsAreCaseInsensitiveSortedAndGoWithTheFeed() async throws {
        let (feed, _) = try await store.addFeed(
            url: feedURL, document: document(), check: FeedCheck(at: day(1)), tags: ["news", "Linux"], customTitle: nil)
        #expect(feed.tags == ["Linux", "news"])
        let tagged = try await store.tagFeed(id: feed.id, adding: ["LINUX", " terminal "], removing: ["NEWS"])
        #expect(tagged.tags == ["Linux", "terminal"])
        #expect(try await store.feeds().first?.tags == ["Linux", "terminal"])
        await #expect(throws: FeedStoreError.invalidTag("a,b")) {
            _ = try await store.tagFeed(id: feed.id, adding: ["a,b"], removing: [])
        }
        await #expect(throws: FeedStoreError.feedNotFound(99)) {
            _ = try await store.tagFeed(id: 99, adding: ["x"], removing: [])
        }
        _ = try await store.removeFeed(id: feed.id, keepStarred: false)
        #expect(try await store.feeds().isEmpty)
    }

    /// `feeds()` reads the tags in one walk beside the feeds; `feed(id:)` per feed.
    @Test func theFeedListGivesEachFeedItsOwnTags() async throws {
        let tagSets: [[String]] = [["b", "A"], [], ["z"], ["Ünïcode", "ascii", "Mixed"], [], ["only"]]
        var ids: [Int64] = []
        for (index, tags) in tagSets.enumerated() {
            let (feed, _) = try await store.addFeed(
                url: "https://example.com/\(index).xml", document: document(items: [ParsedItem(id: "1")]),
                check: FeedCheck(at: day(1)), tags: tags, customTitle: nil)
            ids.append(feed.id)
        }
        // Unsubscribed from with its starred item kept: its row and tags stay, and are not listed.
        _ = try await store.setStarred(ids: try await store.items(ItemQuery(feedID: ids[2])).map(\.id), starred: true)
        _ = try await store.removeFeed(id: ids[2], keepStarred: true)
        let listed = try await store.feeds()
        #expect(listed.map(\.id) == ids.filter { $0 != ids[2] })
        for feed in listed {
            #expect(feed.tags == (try await store.feed(id: feed.id))?.tags, "feed \(feed.id)")
        }
        #expect(listed.map(\.tags) == [["A", "b"], [], ["ascii", "Mixed", "Ünïcode"], [], ["only"]])
    }

    @Test func anOwnTitleSurvivesRefreshesUntilReset() async throws {
        let (feed, _) = try await store.addFeed(
            url: feedURL, document: document(title: "Doc", items: [ParsedItem(id: "1", title: "One")]),
            check: FeedCheck(at: day(1)), tags: [], customTitle: "Mine")
        #expect(feed.title == "Mine" && feed.hasCustomTitle)
        _ = try await store.storeRefresh(feedID: feed.id, document: document(title: "Doc 2"), at: day(2))
        #expect(try await store.feed(id: feed.id)?.title == "Mine")
        #expect(try await store.items(ItemQuery()).first?.feedTitle == "Mine")
        let reset = try await store.renameFeed(id: feed.id, title: "  ")
        #expect(reset.title == "Doc 2" && !reset.hasCustomTitle)
        #expect(try await store.renameFeed(id: feed.id, title: "Again").title == "Again")
        await #expect(throws: FeedStoreError.feedNotFound(42)) { _ = try await store.renameFeed(id: 42, title: "x") }
    }

    @Test func importingTwiceAddsNothing() async throws {
        let list = [
            FeedImport(url: "https://a.example/feed", title: "A", tags: ["one"]),
            FeedImport(url: "https://b.example/feed", title: nil, tags: ["one", "two"]),
            FeedImport(url: "https://a.example/feed", title: "A again", tags: []),
        ]
        let first = try await store.importFeeds(list, at: day(1))
        #expect(first.added.map(\.title) == ["A", "https://b.example/feed"])
        #expect(first.added.map(\.tags) == [["one"], ["one", "two"]])
        #expect(first.added.allSatisfy { $0.nextCheck == nil && $0.lastRefreshed == nil }, "due at once")
        #expect(first.existing.isEmpty)
        let second = try await store.importFeeds(list, at: day(2))
        #expect(second.added.isEmpty)
        #expect(second.existing.map(\.url) == ["https://a.example/feed", "https://b.example/feed"])
        #expect(try await store.feeds().count == 2)
        // A feed without an own title takes the document's at its first refresh.
        let b = first.added[1]
        _ = try await store.storeRefresh(feedID: b.id, document: document(title: "B"), at: day(3))
        #expect(try await store.feed(id: b.id)?.title == "B")
        await #expect(throws: FeedStoreError.invalidTag("")) {
            _ = try await store.importFeeds([FeedImport(url: "https://c.example/", tags: [""])], at: day(1))
        }
    }

    @Test func starringMarkingAllAndUnknownNumbers() async throws {
        let (a, _) = try await store.addFeed(url: "https://a.example/", document: document(items: [
            ParsedItem(id: "1", title: "A1", published: day(1)), ParsedItem(id: "2", title: "A2", published: day(2)),
        ]), fetchedAt: day(3))
        _ = try await store.addFeed(url: "https://b.example/", document: document(items: [
            ParsedItem(id: "1", title: "B1", published: day(1)),
        ]), fetchedAt: day(3))
        let items = try await store.items(ItemQuery())
        let numbers = items.map(\.id)
        #expect(try await store.setStarred(ids: [numbers[0], numbers[0], 999], starred: true) == 1)
        #expect(try await store.items(ItemQuery(unreadOnly: false, starredOnly: true)).map(\.id) == [numbers[0]])
        #expect(try await store.unknownItems([999, numbers[1], 998]) == [999, 998])
        #expect(try await store.markAllRead(feedID: a.id, read: true) == 2)
        #expect(try await store.items(ItemQuery()).map(\.title) == ["B1"])
        #expect(try await store.markAllRead(feedID: nil, read: true) == 1)
        #expect(try await store.markAllRead(feedID: nil, read: false) == 3)
        let statistics = try await store.statistics()
        #expect(statistics.feeds == 2 && statistics.items == 3 && statistics.unread == 3 && statistics.starred == 1)
        #expect(statistics.schemaVersion == SQLiteFeedStore.latestSchemaVersion)
        #expect(statistics.lastAttempt == day(3))
        #expect(try await store.newestItemID() == numbers.max())
    }

    @Test func listingFiltersByTagSinceAndNewerNumbers() async throws {
        _ = try await store.addFeed(url: "https://a.example/", document: document(items: [
            ParsedItem(id: "1", title: "Old", published: day(1)), ParsedItem(id: "2", title: "New", published: day(5)),
        ]), check: FeedCheck(at: day(6)), tags: ["Linux"], customTitle: nil)
        _ = try await store.addFeed(url: "https://b.example/", document: document(items: [
            ParsedItem(id: "1", title: "Other", published: day(4)),
        ]), fetchedAt: day(6))
        #expect(try await store.items(ItemQuery(tag: "linux")).map(\.title) == ["New", "Old"])
        #expect(try await store.items(ItemQuery(since: day(4))).map(\.title) == ["New", "Other"])
        let first = try await store.items(ItemQuery(unreadOnly: false, afterID: 0, limit: 2))
        #expect(first.map(\.title) == ["New", "Old"], "oldest number first: the feed's last item is stored first")
        #expect(try await store.items(ItemQuery(unreadOnly: false, afterID: first[1].id)).map(\.title) == ["Other"])
    }
}

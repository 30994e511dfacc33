import FeedEntities
@testable import FeedStorage
import Foundation
import Testing

/// The saved views the store keeps, and what a view asks of the items: counts and marking read.
struct SQLiteFeedStoreSavedViewsTests {
    let store: SQLiteFeedStore
    let now = Date()

    init() throws {
        store = try SQLiteFeedStore.inMemory(text: SQLiteFeedStoreSearchContentTests.text)
    }

    @Test func viewsAreKeptInTheOrderAddedAndNamedWithoutCase() async throws {
        _ = try await store.saveView(name: "Rust", query: "rust", replacing: false)
        _ = try await store.saveView(name: "Épisodes", query: "has:enclosure", replacing: false)
        #expect(try await store.savedViews().map(\.name) == ["Rust", "Épisodes"])
        await #expect(throws: FeedStoreError.viewExists(SavedView(name: "Rust", query: "rust", origin: .stored))) {
            try await store.saveView(name: "rUST", query: "go", replacing: false)
        }
        _ = try await store.saveView(name: "RUST", query: "rust is:unread", replacing: true)
        #expect(try await store.savedViews() == [
            SavedView(name: "RUST", query: "rust is:unread", origin: .stored),
            SavedView(name: "Épisodes", query: "has:enclosure", origin: .stored),
        ], "a replaced view keeps its place")
        #expect(try await store.removeView(name: "éPISODES")?.query == "has:enclosure", "non-ASCII letters match without case too")
        #expect(try await store.removeView(name: "épisodes") == nil)
        #expect(try await store.savedViews().map(\.name) == ["RUST"])
    }

    @Test(arguments: ["", " padded", "tab\there", "bidi\u{202E}txt", String(repeating: "x", count: 101)])
    func aNameThatCannotNameAViewIsRefused(name: String) async throws {
        await #expect(throws: FeedStoreError.self) { try await store.saveView(name: name, query: "rust", replacing: false) }
        #expect(try await store.savedViews().isEmpty)
    }

    @Test func theStoreKeepsAtMostTheMostViews() async throws {
        for index in 0..<SavedView.maximumCount {
            _ = try await store.saveView(name: "view \(index)", query: "rust", replacing: false)
        }
        await #expect(throws: FeedStoreError.tooManyViews(SavedView.maximumCount)) {
            try await store.saveView(name: "one more", query: "rust", replacing: false)
        }
        _ = try await store.saveView(name: "VIEW 7", query: "go", replacing: true)
        #expect(try await store.savedViews().count == SavedView.maximumCount, "replacing one is no new one")
    }

    @Test func aLongNameOfEmojiAndJoinersIsAName() {
        #expect(SavedView.problem(withName: "👩‍💻 work") == nil)
        #expect(SavedView.problem(withName: String(repeating: "é", count: 100)) == nil)
    }

    /// Three unread items of LWN (tagged linux, one a copy of another feed's), one of them
    /// hidden by nothing; counts follow reading.
    @Test func countsAreThoseOfTheListingAndFollowReading() async throws {
        let (lwn, _) = try await store.addFeed(url: "https://lwn.net/rss", document: ParsedFeed(format: .rss20, title: "LWN", items: [
            ParsedItem(id: "1", title: "Rust in the kernel", link: "https://lwn.net/1", published: now.addingTimeInterval(-3600), summary: "<p>rust</p>"),
            ParsedItem(id: "2", title: "GNOME news", link: "https://lwn.net/2", published: now.addingTimeInterval(-7200), summary: "<p>desktop</p>"),
            ParsedItem(id: "3", title: "Rust 2.0", link: "https://lwn.net/3", published: now.addingTimeInterval(-90 * 86_400), summary: "<p>rust again</p>"),
        ]), fetchedAt: now)
        _ = try await store.tagFeed(id: lwn.id, adding: ["linux"], removing: [])
        // The same article through a second feed: a copy, which listings and counts leave out.
        _ = try await store.addFeed(url: "https://mirror.example/rss", document: ParsedFeed(format: .rss20, title: "Mirror", items: [
            ParsedItem(id: "m1", title: "Rust in the kernel", link: "https://lwn.net/1", published: now.addingTimeInterval(-3600), summary: "<p>rust</p>"),
        ]), fetchedAt: now)
        _ = try await store.indexPendingItems(limit: 100)
        let filters = try ["rust", "tag:linux newer:30d", "is:starred", "rust OR gnome"].map { try ItemFilter(parsing: $0) }
        #expect(try await store.counts(of: filters, now: now) == [
            .init(unread: 2, total: 2), .init(unread: 2, total: 2), .init(unread: 0, total: 0), .init(unread: 3, total: 3),
        ])
        let marked = try await store.markRead(matching: try ItemFilter(parsing: "rust is:unread"), read: true, now: now)
        #expect(marked == 2, "the view's two items, not the copy")
        #expect(try await store.counts(of: filters, now: now)[0] == .init(unread: 0, total: 2))
        #expect(try await store.items(ItemQuery(unreadOnly: true, includeHidden: true)).map(\.title) == ["GNOME news"],
                "the copy in the mirror is read with its original")
        #expect(try await store.markRead(matching: try ItemFilter(parsing: "rust"), read: false, now: now) == 2)
        #expect(try await store.counts(of: filters, now: now)[3] == .init(unread: 3, total: 3))
        #expect(try await store.counts(of: [], now: now).isEmpty)
    }

    @Test func aViewsCountReadsTheListingIndex() async throws {
        let (sql, _) = SQLiteFeedStore.viewCount(try ItemFilter(parsing: "tag:linux is:unread"), now: now)
        #expect(sql.contains("COUNT(CASE WHEN item.is_read = 0 THEN 1 END)"), "the unread count is asked in the same statement")
        #expect(sql.contains("INDEXED BY item_listed_by_date"))
    }
}

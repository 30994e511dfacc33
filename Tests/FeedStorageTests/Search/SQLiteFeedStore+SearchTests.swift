import FeedEntities
@testable import FeedStorage
import Foundation
import Testing

/// The full-text index: filled after the fact, kept in step with changes and deletions.
struct SQLiteFeedStoreSearchTests {
    let store: SQLiteFeedStore
    /// Stands in for `HTMLPlainText`: the tests only need tags gone.
    static let plainText: @Sendable (String) -> String = { html in
        html.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
    }

    init() throws {
        store = try SQLiteFeedStore.inMemory(text: HTMLText(title: { $0 }, words: Self.plainText, wordsVersion: 0))
    }

    private func indexAll() async throws -> Int {
        try await store.indexPendingItems(limit: 1_000)
    }

    private func search(_ text: String, unreadOnly: Bool = false) async throws -> [ItemSearchResult] {
        try await store.search(SearchQuery(match: try #require(SearchExpression.fts5(from: text)), unreadOnly: unreadOnly))
    }

    @Test func findsWordsInTitlesAndBodiesBestFirstWithMarks() async throws {
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(items: [
            ParsedItem(id: "1", title: "Kernel news", summary: "<p>The <b>scheduler</b> changed</p>"),
            ParsedItem(id: "2", title: "Gardening", content: "<p>Nothing about kernels, only the kernel of a seed. Kernel!</p>"),
            ParsedItem(id: "3", title: "Cafés", summary: "Crème brûlée"),
        ]), fetchedAt: day(1))
        #expect(try await search("kernel").isEmpty, "nothing is found before indexing")
        #expect(try await indexAll() == 3)
        #expect(try await indexAll() == 0)

        let hits = try await search("kernel")
        #expect(hits.map(\.item.title) == ["Kernel news", "Gardening"], "a title match ranks first")
        #expect(hits[0].highlightedTitle == "\u{02}Kernel\u{03} news")
        #expect(hits[0].snippet == "")
        #expect(hits[1].snippet.contains("\u{02}kernel\u{03} of a seed"))
        #expect(try await search("SCHEDULER").map(\.item.title) == ["Kernel news"], "body text, any case")
        #expect(try await search("cafes creme").map(\.item.title) == ["Cafés"], "diacritics folded")
        #expect(try await search("kern*").count == 2)
        #expect(try await search("kernel -seed").map(\.item.title) == ["Kernel news"])
        #expect(try await search("\"kernel of a seed\"").map(\.item.title) == ["Gardening"])

        // Listing with a search keeps the newest-first order and other filters.
        #expect(try await store.items(ItemQuery(match: SearchExpression.fts5(from: "kernel"))).count == 2)
        _ = try await store.markRead(ids: [hits[1].item.id], read: true)
        #expect(try await search("kernel", unreadOnly: true).map(\.item.title) == ["Kernel news"])

        // A changed item is indexed again; a removed feed takes its rows along.
        _ = try await store.storeRefresh(feedID: feed.id, document: document(items: [
            ParsedItem(id: "3", title: "Cafés", summary: "Espresso only"),
        ]), at: day(2))
        #expect(try await indexAll() == 1)
        #expect(try await search("brulee").isEmpty)
        #expect(try await search("espresso").count == 1)
        _ = try await store.removeFeed(id: feed.id, keepStarred: false)
        #expect(try await search("espresso").isEmpty)
    }

    @Test func operatorsAndPunctuationAreSearchedAsWords() async throws {
        _ = try await store.addFeed(url: feedURL, document: document(items: [
            ParsedItem(id: "1", title: "C++ AND Rust: NEAR the metal"),
        ]), fetchedAt: day(1))
        _ = try await indexAll()
        for query in ["c++", "AND", "near", "rust:", "\"metal", "metal)", "the -nothing"] {
            #expect(try await search(query).count == 1, "\(query)")
        }
        #expect(SearchExpression.fts5(from: "-only -exclusions") == nil)
        #expect(SearchExpression.fts5(from: "  ") == nil)
        #expect(SearchExpression.fts5(from: "+++") == nil)
        await #expect(throws: FeedStoreError.self) {
            _ = try await store.search(SearchQuery(match: "\"unbalanced"))
        }
    }
}

import FeedEntities
@testable import FeedDaemon
import FeedStorage
import Foundation
import Testing

/// The indexer after a pass: every item indexed, then the stored text compacted with a
/// dictionary trained on the store's items.
struct SearchIndexerTests {
    @Test func catchingUpIndexesEverythingAndCompactingTrainsAndRecompresses() async throws {
        let store = try SQLiteFeedStore.inMemory(text: HTMLTitleText.reading)
        let items = (0..<1_200).map { n in
            ParsedItem(id: "\(n)", title: "Item \(n)", summary: "<p>Release notes \(n): the kernel, the cache and the parser.</p>")
        }
        let document = ParsedFeed(format: .rss20, title: "Feed", items: items)
        _ = try await store.addFeed(url: "https://example.org/feed.xml", document: document, fetchedAt: Date())
        let indexer = SearchIndexer(store: store)
        #expect(try await indexer.catchUp() == 1_200)
        #expect(try await indexer.catchUp() == 0)
        try await indexer.compact()
        #expect(try await store.trainCompressionDictionary(), "a dictionary is in use")
        #expect(try await store.compactStoredText(limit: 10) == (0, 0), "nothing left to compress again")
        let hits = try await store.search(SearchQuery(match: "\"release notes 7\""))
        #expect(hits.map(\.item.title) == ["Item 7"])
    }
}

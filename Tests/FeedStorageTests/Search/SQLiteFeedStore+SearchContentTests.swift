import FeedEntities
@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// The search index keeps no text of its own: it reads items' words through `item_search`, and
/// the triggers tell it an item's old words whenever they change or go. FTS5's integrity check
/// against its content (`rank` 1) proves the index holds exactly the words `item_search` gives.
struct SQLiteFeedStoreSearchContentTests {
    /// Drops tags, like the daemon's reader (which is tested in FeedParsingTests).
    static let text = HTMLText(
        title: { $0 }, words: { $0.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression) },
        wordsVersion: 1)

    let store: SQLiteFeedStore

    init() throws {
        store = try SQLiteFeedStore.inMemory(text: Self.text)
    }

    private func indexAll() async throws {
        _ = try await store.indexPendingItems(limit: 10_000)
    }

    /// Throws when the index holds other words than `item_search` gives (SQLITE_CORRUPT); it
    /// compares every item, so only once all are indexed.
    private func checkIndex() async throws {
        try await store.writer.write { db in
            try db.execute(sql: "INSERT INTO item_fts (item_fts, rank) VALUES ('integrity-check', 1)")
        }
    }

    private func titles(matching text: String) async throws -> [String] {
        try await store.search(SearchQuery(match: try #require(SearchExpression.fts5(from: text)))).compactMap(\.item.title)
    }

    @Test func theIndexKeepsNoCopyOfTheText() async throws {
        let tables = try await store.writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_schema WHERE name LIKE 'item_fts%' ORDER BY name")
        }
        #expect(!tables.contains("item_fts_content"))
        #expect(tables.contains("item_fts_docsize"), "BM25 still knows each item's length")
    }

    @Test func changedAndDeletedItemsLeaveNoWordsBehind() async throws {
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(items: [
            ParsedItem(id: "1", title: "Kernel news", summary: "<p>The scheduler changed</p>"),
            ParsedItem(id: "2", title: "Gardening", content: "<p>Seeds and soil</p>"),
            ParsedItem(id: "3", title: "Cafés", summary: "Crème brûlée", content: "<p>Crème brûlée and more</p>"),
        ]), fetchedAt: day(1))
        try await indexAll()
        try await checkIndex()
        #expect(try await titles(matching: "scheduler") == ["Kernel news"])

        // New text and a new title; retention and unsubscribing delete below.
        _ = try await store.storeRefresh(feedID: feed.id, document: document(items: [
            ParsedItem(id: "1", title: "Kernel news", summary: "<p>The allocator changed</p>"),
            ParsedItem(id: "2", title: "Gardening in winter", content: "<p>Seeds and soil</p>"),
            ParsedItem(id: "3", title: "Cafés", summary: "Crème brûlée", content: "<p>Crème brûlée and more</p>"),
        ]), at: day(2))
        #expect(try await titles(matching: "scheduler").isEmpty, "the old words are gone at once")
        #expect(try await titles(matching: "allocator").isEmpty, "the new ones wait for the indexer")
        try await indexAll()
        try await checkIndex()
        #expect(try await titles(matching: "allocator") == ["Kernel news"])
        #expect(try await titles(matching: "winter") == ["Gardening in winter"])

        _ = try await store.markAllRead(feedID: nil, read: true)
        let result = try await store.applyRetention(RetentionPolicy(maximumItemsPerFeed: 1, keepUnread: false), now: day(3))
        #expect(result.deletedItems == 2)
        try await checkIndex()
        #expect(try await titles(matching: "seeds OR allocator OR brûlée").count == 1)
        _ = try await store.removeFeed(id: feed.id, keepStarred: false)
        try await checkIndex()
        #expect(try await titles(matching: "seeds OR allocator OR brûlée").isEmpty)
    }

    @Test func snippetsAndHighlightsReadTheCompressedText() async throws {
        _ = try await store.addFeed(url: feedURL, document: document(items: [
            ParsedItem(id: "1", title: "Gardening", summary: "<p>Only the kernel of a seed.</p>", content: "<p>Only the kernel of a seed. Kernel!</p>"),
        ]), fetchedAt: day(1))
        try await indexAll()
        let hit = try #require(try await store.search(SearchQuery(match: "\"kernel\"")).first)
        // The summary's words, then the content's after the part that repeats them.
        #expect(hit.snippet == " Only the \u{02}kernel\u{03} of a seed.  \u{02}Kernel\u{03}! ")
        #expect(hit.highlightedTitle == "Gardening")
    }

    @Test func aNewWayOfReadingWordsRebuildsTheIndexAtOpening() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-words-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("tidings.sqlite").path
        do {
            let store = try SQLiteFeedStore(path: path, text: Self.text)
            _ = try await store.addFeed(url: feedURL, document: document(items: [
                ParsedItem(id: "1", title: "One", summary: "<p>alpha beta</p>"),
            ]), fetchedAt: day(1))
            _ = try await store.indexPendingItems(limit: 10)
        }
        // Words now read in capitals: the old index cannot be told them to forget.
        let shouting = HTMLText(title: { $0 }, words: { $0.uppercased() + " shouted" }, wordsVersion: 2)
        let store = try SQLiteFeedStore(path: path, text: shouting)
        #expect(try await store.unindexedItemCount() == 1)
        #expect(try await store.indexPendingItems(limit: 10) == 1)
        try await store.writer.write { db in
            try db.execute(sql: "INSERT INTO item_fts (item_fts, rank) VALUES ('integrity-check', 1)")
        }
        #expect(try await store.search(SearchQuery(match: "\"shouted\"")).count == 1)
    }

    @Test func compactingWithANewDictionaryLeavesTheIndexAsItWas() async throws {
        let items = (0..<1_200).map { n in
            ParsedItem(id: "\(n)", title: "Item \(n)", summary: TextCompressorTests.sampleHTML(n), content: n % 3 == 0 ? "<p>more \(n)</p>" : nil)
        }
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(items: items), fetchedAt: day(1))
        try await indexAll()
        let before = try await store.items(ItemQuery(unreadOnly: false, feedID: feed.id, includeContent: true))
        #expect(store.compressor.currentDictionary == nil)

        #expect(try await store.trainCompressionDictionary())
        var batches = 0
        var rewritten = 0
        while case let batch = try await store.compactStoredText(limit: 250), batch.examined > 0 {
            batches += 1
            rewritten += batch.rewritten
        }
        let dictionary = try #require(store.compressor.currentDictionary)
        #expect(batches == 5 && rewritten == 1_200)
        let (ids, unindexed) = try await store.writer.read { db in
            (try Data.fetchAll(db, sql: "SELECT html FROM item").map(TextCompressor.dictionaryID(of:)),
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item WHERE indexed = 0") ?? -1)
        }
        #expect(Set(ids) == [dictionary.id])
        #expect(unindexed == 0, "the same text compressed anew is no change to index")
        try await checkIndex()
        #expect(try await store.items(ItemQuery(unreadOnly: false, feedID: feed.id, includeContent: true)) == before)
        #expect(try await store.compactStoredText(limit: 250) == (0, 0))

        // A refresh listing the same items changes nothing, whatever dictionary compressed them.
        #expect(try await store.storeRefresh(feedID: feed.id, document: document(items: items), at: day(2)) == 0)
        #expect(try await store.unindexedItemCount() == 0)
    }
}

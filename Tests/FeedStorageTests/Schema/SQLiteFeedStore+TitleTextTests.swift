import FeedEntities
@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// Titles are stored as text: through the store's `htmlToText` when they are HTML (or, of
/// unknown type, look like it), and migration v9 converts the titles stored before.
struct SQLiteFeedStoreTitleTextTests {
    /// A stand-in for the daemon's HTML reader: drops tags and decodes `&amp;` (enough to see
    /// where the store calls it; the real one is tested in FeedDaemonTests).
    static let htmlToText: @Sendable (String) -> String = { html in
        html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "&amp;", with: "&")
    }
    /// `htmlToText` for titles; words as written.
    static let text = HTMLText(title: htmlToText, words: { $0 }, wordsVersion: 0)

    @Test func htmlTitlesAreStoredAsTextAndTextTitlesAsWritten() async throws {
        let store = try SQLiteFeedStore.inMemory(text: Self.text)
        var feed = document(title: "Bob &amp; Co", items: [
            ParsedItem(id: "1", title: "Lamp <b>replaced</b>", titleType: .html),
            ParsedItem(id: "2", title: "a < b <tag> &amp;", titleType: .text),
            ParsedItem(id: "3", title: "Heater <em>fixed</em>"),  // unknown, looks like markup
            ParsedItem(id: "4", title: "AT&T < 5"),  // unknown, plain text
            ParsedItem(id: "5", title: "<br/>", titleType: .html),  // nothing left: no title
        ])
        let (stored, _) = try await store.addFeed(url: feedURL, document: feed, fetchedAt: day(1))
        #expect(stored.title == "Bob & Co")
        let titles = try await store.items(ItemQuery(limit: 10)).map { $0.title ?? "" }
        #expect(Set(titles) == ["Lamp replaced", "a < b <tag> &amp;", "Heater fixed", "AT&T < 5", ""])

        // A refresh converts too, and an item the document retitles is rewritten as text.
        feed.title = "<i>Garden</i> Log"
        feed.titleType = .html
        feed.items = [ParsedItem(id: "1", title: "Lamp <b>replaced again</b>", titleType: .html)]
        _ = try await store.storeRefresh(feedID: stored.id, document: feed, at: day(2))
        #expect(try await store.feeds().first?.title == "Garden Log")
        #expect(try await store.items(ItemQuery(limit: 10)).map(\.title).contains("Lamp replaced again"))
    }

    @Test func searchFindsTheTextOfAnHTMLTitleAndNotItsTags() async throws {
        let store = try SQLiteFeedStore.inMemory(text: Self.text)
        _ = try await store.addFeed(url: feedURL, document: document(items: [
            ParsedItem(id: "1", title: "Lamp <b>replaced</b>", titleType: .html),
        ]), fetchedAt: day(1))
        _ = try await store.indexPendingItems(limit: 10)
        let hits = try await store.search(SearchQuery(match: try #require(SearchExpression.fts5(from: "replaced"))))
        #expect(hits.map(\.item.title) == ["Lamp replaced"])
        #expect(try await store.search(SearchQuery(match: try #require(SearchExpression.fts5(from: "b")))).isEmpty)
    }

    @Test func migrationConvertsStoredTitlesThatLookLikeMarkupAndReindexesThem() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-titles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("tidings.sqlite").path

        // A database as schema v8 left it: titles stored as the documents had them.
        let pool = try DatabasePool(path: path)
        try SQLiteFeedStore.migrator.migrate(pool, upTo: "v8")
        try await pool.write { db in
            try db.execute(sql: """
                INSERT INTO feed (id, url, title, custom_title, subscribed_at) VALUES
                (1, 'https://a.example/f', 'Bob &amp; Co', 'Mine &amp; <b>yours</b>', 0),
                (2, 'https://b.example/f', '<br>', NULL, 0),
                (3, 'https://c.example/f', 'Plain & simple', NULL, 0)
                """)
            try db.execute(sql: """
                INSERT INTO item (id, feed_id, key, title, first_seen, indexed) VALUES
                (1, 1, 'a', 'Lamp <b>replaced</b>', 0, 1), (2, 1, 'b', 'AT&T < 5', 0, 1),
                (3, 1, 'c', NULL, 0, 1), (4, 3, 'd', '<p></p>', 0, 1)
                """)
        }
        // Up to the schema before the compressed text, which indexes every item again.
        try SQLiteFeedStore.migrator(text: Self.text, compressor: TextCompressor()).migrate(pool, upTo: "v16")
        let migrated = try pool.read { db in
            try Row.fetchAll(db, sql: "SELECT title, indexed FROM item ORDER BY id")
        }
        #expect(migrated.map { $0["indexed"] as Int } == [0, 1, 1, 0], "only changed titles are indexed again")
        try pool.close()

        let store = try SQLiteFeedStore(path: path, text: Self.text)
        #expect(store.schemaVersion == SQLiteFeedStore.latestSchemaVersion)
        let reader = try DatabaseQueue(path: path)
        defer { try? reader.close() }
        let feeds = try reader.read { db in
            try Row.fetchAll(db, sql: "SELECT title, custom_title FROM feed ORDER BY id")
        }
        #expect(feeds.map { $0["title"] as String } == ["Bob & Co", "https://b.example/f", "Plain & simple"])
        #expect(feeds[0]["custom_title"] as String == "Mine &amp; <b>yours</b>", "the user's own title is theirs")
        let items = try reader.read { db in
            try Row.fetchAll(db, sql: "SELECT title FROM item ORDER BY id")
        }
        #expect(items.map { $0["title"] as String? } == ["Lamp replaced", "AT&T < 5", nil, nil])
    }
}

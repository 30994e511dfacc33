import FeedEntities
@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// Migration v17: a database of schema v16, with everything a reader's database holds, keeps
/// all of it once its items' HTML is compressed and its search index keeps no text.
struct SQLiteFeedStoreTextCompressionTests {
    let directory: URL
    let path: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-v17-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("tidings.sqlite").path
    }

    /// Tables compared row for row before and after, all their columns (items' without the
    /// text that moved and the index mark).
    static let keptTables = [
        "feed", "feed_tag", "item_tag", "item_tombstone", "rule_stat", "reading_position", "sync_account", "sync_change",
    ]
    static let itemColumns = """
        id, feed_id, key, guid, title, link, author, published, updated, categories, enclosures, first_seen,
        is_read, is_starred, is_hidden, canonical_link, duplicate_of, remote_id
        """

    /// A v16 database as the daemon left it: three feeds (one tagged, one synced), 700 items with
    /// HTML summaries and contents, read, starred, hidden and tagged by rules, a duplicate, a
    /// queued sync change, tombstones, and a search index of the old kind over 600 of them.
    private func makeVersion16Database() throws {
        let pool = try DatabasePool(path: path)
        defer { try? pool.close() }
        try SQLiteFeedStore.migrator.migrate(pool, upTo: "v16")
        try pool.write { db in
            try db.execute(sql: """
                INSERT INTO feed (id, url, title, subscribed_at, custom_title) VALUES
                    (1, 'https://a.example/feed', 'A', 0, 'Mine'), (2, 'https://b.example/feed', 'B', 0, NULL),
                    (3, 'https://c.example/feed', 'C', 0, NULL);
                UPDATE feed SET remote_id = 'r3', remote_categories = '["News"]' WHERE id = 3;
                INSERT INTO feed_tag (feed_id, tag) VALUES (1, 'linux'), (2, 'news');
                INSERT INTO sync_account (id, service) VALUES (1, 'miniflux https://m.example admin');
                INSERT INTO item_tombstone (feed_id, key, last_seen) VALUES (1, 'id:gone-1', 5), (2, 'id:gone-2', 6);
                INSERT INTO rule_stat (name, matched) VALUES ('hide-ads', 7);
                """)
            let insert = try db.makeStatement(sql: """
                INSERT INTO item (id, feed_id, key, guid, title, link, author, published, summary, content, categories,
                                  enclosures, first_seen, is_read, is_starred, is_hidden, canonical_link, remote_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for n in 1...700 {
                let feed = n % 3 + 1
                let summary: String? = n % 11 == 0 ? nil : TextCompressorTests.sampleHTML(n)
                let content: String? = n % 4 == 0 ? (summary ?? "") + "<p>The rest of article \(n) 東京 🚀</p>" : n % 13 == 0 ? "" : nil
                try insert.execute(arguments: [
                    n, feed, "id:item-\(n)", "item-\(n)", n % 17 == 0 ? nil : "Item \(n) café", "https://site.example/\(n)",
                    n % 5 == 0 ? "Ann" : nil, Double(n * 3600), summary, content, n % 6 == 0 ? "[\"x\",\"y\"]" : nil,
                    n % 9 == 0 ? "[{\"url\":\"https://site.example/\(n).mp3\",\"type\":\"audio/mpeg\"}]" : nil,
                    Double(n), n % 2, n % 7 == 0 ? 1 : 0, n % 19 == 0 ? 1 : 0, "site.example/\(n)",
                    feed == 3 ? "remote-\(n)" : nil,
                ])
            }
            try db.execute(sql: """
                UPDATE item SET duplicate_of = 1 WHERE id = 2;
                INSERT INTO item_tag (item_id, tag) VALUES (5, 'ads'), (10, 'kernel'), (10, 'long');
                UPDATE item SET is_read = 1 - is_read WHERE id = 5;  -- queues a sync change (feed 3 is synced)
                """)
            // The old index: its own copy of each item's title and words.
            let index = try db.makeStatement(sql: "INSERT INTO item_fts (rowid, title, body) VALUES (?, ?, ?)")
            for row in try Row.fetchAll(db, sql: "SELECT id, title, summary, content FROM item WHERE id <= 600") {
                let body = [row[2] as String?, row[3] as String?].compactMap { $0 }.joined(separator: " ")
                try index.execute(arguments: [row[0] as Int64, row[1] as String? ?? "", body])
            }
            try db.execute(sql: "UPDATE item SET indexed = 1 WHERE id <= 600")
        }
    }

    private func snapshot(_ reader: any DatabaseReader) throws -> [String: [Row]] {
        try reader.read { db in
            var tables = ["item": try Row.fetchAll(db, sql: "SELECT \(Self.itemColumns) FROM item ORDER BY id")]
            for table in Self.keptTables {
                tables[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY 1, 2")
            }
            return tables
        }
    }

    @Test func everythingIsKeptTheTextIsCompressedAndTheBackupStays() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeVersion16Database()
        let old = try DatabaseQueue(path: path)
        let before = try snapshot(old)
        let texts = try await old.read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, summary, content FROM item").map {
                ($0[0] as Int64, StoredHTML(summary: $0[1], content: $0[2]))
            })
        }
        try old.close()
        #expect(before["sync_change"]?.count == 1 && before["item_tombstone"]?.count == 2)

        let store = try SQLiteFeedStore(path: path, text: .verbatim)
        #expect(store.schemaVersion == SQLiteFeedStore.latestSchemaVersion)
        #expect(store.migrationBackup == path + ".before-v17.bak")
        let backup = try DatabaseQueue(path: path + ".before-v17.bak")
        #expect(try await backup.read { try SQLiteFeedStore.migrator.appliedMigrations($0) }.last == "v16")
        #expect(try snapshot(backup) == before, "the backup is the database as it was")
        try backup.close()

        #expect(try snapshot(store.writer) == before)
        // Every item's summary and content, compressed with a dictionary trained on them.
        let dictionary = try #require(store.compressor.currentDictionary)
        let stored = try store.writer.read { db in try Row.fetchAll(db, sql: "SELECT id, html FROM item") }
        #expect(stored.count == 700)
        for row in stored {
            let expected = try #require(texts[row[0]])
            guard let frame = row[1] as Data? else {
                #expect(expected.isEmpty, "item \(row[0] as Int64) lost its text")
                continue
            }
            #expect(TextCompressor.dictionaryID(of: frame) == dictionary.id)
            #expect(try store.compressor.decompress(frame) == expected, "item \(row[0] as Int64)")
        }
        let item = try #require(try await store.item(id: 8))
        #expect(item.summary == texts[8]?.summary && item.content == texts[8]?.content && item.isStarred == false)
        let (columns, freePages) = try await store.writer.read { db in
            (try db.columns(in: "item").map(\.name), try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? -1)
        }
        #expect(!columns.contains("summary") && !columns.contains("content"))
        #expect(freePages == 0, "the pages the old text took are given back")

        // The index starts again from the compressed text, and finds what it did.
        #expect(try await store.unindexedItemCount() == 700)
        while try await store.indexPendingItems(limit: 250) > 0 {}
        try await store.writer.write { db in
            try db.execute(sql: "INSERT INTO item_fts (item_fts, rank) VALUES ('integrity-check', 1)")
        }
        let hits = try await store.search(SearchQuery(match: "\"article 8\""))
        #expect(hits.map(\.item.id) == [8])
    }

    @Test func aSmallDatabaseIsCompressedWithoutADictionaryUntilItHasEnoughItems() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let pool = try DatabasePool(path: path)
        try SQLiteFeedStore.migrator.migrate(pool, upTo: "v16")
        try await pool.write { db in
            try db.execute(sql: """
                INSERT INTO feed (id, url, title, subscribed_at) VALUES (1, 'https://a.example/feed', 'A', 0);
                INSERT INTO item (feed_id, key, title, summary, first_seen) VALUES (1, 'k', 'T', '<p>Hello</p>', 0);
                """)
        }
        try pool.close()
        let store = try SQLiteFeedStore(path: path, text: .verbatim)
        #expect(store.compressor.currentDictionary == nil)
        #expect(try await store.item(id: 1)?.summary == "<p>Hello</p>")
        #expect(try await store.trainCompressionDictionary() == false, "too few items to train on")
        #expect(try await store.compactStoredText(limit: 100) == (0, 0))
    }
}

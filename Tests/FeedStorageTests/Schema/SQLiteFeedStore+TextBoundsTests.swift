import FeedEntities
@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// Migration v8: titles stored before every write was bounded are shortened once.
struct SQLiteFeedStoreTextBoundsTests {
    @Test func overlongTitlesStoredEarlierAreShortenedAndShortOnesKept() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-bounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("tidings.sqlite").path

        // A database as schema v7 left it after an OPML import whose entities expanded.
        let huge = String(repeating: "A", count: 2_000_000)
        let wide = String(repeating: "é", count: 3_000)  // 6,000 bytes: over the limit in bytes only
        let pool = try DatabasePool(path: path)
        try SQLiteFeedStore.migrator.migrate(pool, upTo: "v7")
        try await pool.write { db in
            try db.execute(sql: "INSERT INTO feed (id, url, title, custom_title, subscribed_at) VALUES (1, 'https://a.example/f', 'Short', ?, 0)", arguments: [huge])
            try db.execute(sql: "INSERT INTO feed (id, url, title, subscribed_at) VALUES (2, 'https://b.example/f', ?, 0)", arguments: [wide])
            try db.execute(sql: """
                INSERT INTO item (id, feed_id, key, title, author, first_seen, indexed) VALUES
                (1, 1, 'a', ?, 'Ann', 0, 1), (2, 1, 'b', 'Fine', ?, 0, 1)
                """, arguments: [huge, huge])
        }
        try pool.close()

        let store = try SQLiteFeedStore(path: path, text: .verbatim)
        let feeds = try await store.feeds()
        let titles = Dictionary(uniqueKeysWithValues: feeds.map { ($0.id, $0.title) })
        for title in [titles[1], titles[2]] {
            let title = try #require(title)
            #expect(title.utf8.count <= TextLimit.maximumBytes && title.hasSuffix("…"))
        }
        #expect(titles[1]?.hasPrefix("AAAA") == true)
        #expect(titles[2]?.hasPrefix("éééé") == true)

        let reader = try DatabaseQueue(path: path)
        defer { try? reader.close() }
        let rows = try reader.read { db in
            try Row.fetchAll(db, sql: "SELECT id, title, author, indexed FROM item ORDER BY id")
        }
        #expect((rows[0]["title"] as String).utf8.count <= TextLimit.maximumBytes)
        #expect(rows[0]["author"] as String == "Ann")
        #expect(rows[0]["indexed"] as Int == 0, "the search index is rebuilt from the shortened title")
        #expect(rows[1]["title"] as String == "Fine")
        #expect((rows[1]["author"] as String).hasSuffix("…"))
    }
}

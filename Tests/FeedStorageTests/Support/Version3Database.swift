@testable import FeedStorage
import Foundation
import GRDB

/// A database file in a temporary directory of its own, as Tidings with schema v3 left it: for
/// the tests of what opening an existing database does (the migration copy, the start-up check).
struct Version3Database {
    let directory: URL
    let path: String

    init(label: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("tidings.sqlite").path
    }

    /// Writes the database: one feed titled "Old", then `fillerFeeds` more with long titles (to
    /// fill pages), all checkpointed into the file itself.
    func create(fillerFeeds: Int = 0) throws {
        let pool = try DatabasePool(path: path)
        try SQLiteFeedStore.migrator.migrate(pool, upTo: "v3")
        try pool.write { db in
            try db.execute(sql: "INSERT INTO feed (url, title, subscribed_at) VALUES ('https://example.org/feed', 'Old', 0)")
            for index in 0..<fillerFeeds {
                try db.execute(
                    sql: "INSERT INTO feed (url, title, subscribed_at) VALUES (?, ?, 0)",
                    arguments: ["https://example.org/\(index)", String(repeating: "title \(index) ", count: 40)])
            }
        }
        try pool.writeWithoutTransaction { _ = try $0.checkpoint(.truncate) }
        try pool.close()
    }
}

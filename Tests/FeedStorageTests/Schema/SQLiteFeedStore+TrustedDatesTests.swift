import FeedEntities
@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// Migration v18 builds the listing indexes of an older database again on the trusted date,
/// so that listings keep using them.
struct SQLiteFeedStoreTrustedDatesTests {
    @Test func indexesOnTheOldListingDateAreBuiltAgainOnTheTrustedOne() async throws {
        let database = try Version3Database(label: "trusted-dates")
        defer { try? FileManager.default.removeItem(at: database.directory) }
        let pool = try DatabasePool(path: database.path)
        try SQLiteFeedStore.migrator.migrate(pool, upTo: "v17")
        // The indexes as a database made before v18 has them.
        try await pool.write { db in
            for name in ["item_by_date", "item_unread_by_date", "item_by_feed", "item_starred_by_date", "item_listed_by_date"] {
                let sql = try #require(try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = ?", arguments: [name]))
                try db.execute(sql: "DROP INDEX \(name)")
                try db.execute(sql: sql.replacingOccurrences(of: SQLiteFeedStore.sortDate, with: SQLiteFeedStore.untrustedSortDate))
            }
        }
        let old = try await pool.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE sql LIKE '%COALESCE(published, updated, first_seen)%'") }
        #expect(old.count == 5)
        try pool.close()

        let store = try SQLiteFeedStore(path: database.path, text: .verbatim)
        #expect(store.schemaVersion == SQLiteFeedStore.latestSchemaVersion)
        let rebuilt = try await store.read("read the indexes") { db in
            try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql LIKE '%first_seen%'")
                .map { ($0["name"] as String, $0["sql"] as String) }
        }
        #expect(rebuilt.count == 5, "\(rebuilt)")
        #expect(rebuilt.allSatisfy { $0.1.contains(SQLiteFeedStore.sortDate) }, "\(rebuilt)")
        #expect(rebuilt.first { $0.0 == "item_listed_by_date" }?.1.contains("WHERE is_hidden = 0 AND duplicate_of IS NULL") == true)
        // Listings still read an index, not the table.
        let plan = try await store.read("explain a listing") { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT id FROM item ORDER BY \(SQLiteFeedStore.sortDate) DESC, id DESC LIMIT 50")
                .map { $0["detail"] as String }.joined(separator: "; ")
        }
        #expect(plan.contains("INDEX"), "\(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
    }
}

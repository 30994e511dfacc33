@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// docs/schema.sql is the schema a new database has after every migration, so that nobody has
/// to replay the first one and each step after it to know the tables. This test makes it again
/// from a migrated database and compares; `TIDINGS_WRITE_SCHEMA=1` writes it instead (after a
/// migration is added).
struct SchemaDocumentTests {
    /// Every table, index, trigger and view of a migrated database, in the order the migrations
    /// made them (a column a later migration added is in its table's statement). FTS5's shadow
    /// tables, which it makes itself, and GRDB's record of the migrations run are left out.
    static func currentSchema() async throws -> String {
        let store = try SQLiteFeedStore.inMemory()
        let statements = try await store.writer.read { db in
            let virtualTables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%'")
            let shadows = Set(virtualTables.flatMap { table in
                ["data", "idx", "content", "docsize", "config"].map { "\(table)_\($0)" }
            })
            return try Row.fetchAll(db, sql: """
                SELECT name, sql FROM sqlite_master
                WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND name <> 'grdb_migrations'
                ORDER BY rowid
                """).compactMap { row -> String? in
                let name: String = row["name"]
                return shadows.contains(name) ? nil : (row["sql"] as String) + ";"
            }
        }
        return """
            -- The schema of a new Tidings database after every migration (SQLiteFeedStore+Schema.swift),
            -- in the order the migrations made it. Generated: SchemaDocumentTests checks it, and
            -- TIDINGS_WRITE_SCHEMA=1 swift test --filter SchemaDocumentTests writes it again.

            """ + "\n" + statements.joined(separator: "\n\n") + "\n"
    }

    static let document = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/schema.sql")

    @Test func docsSchemaIsTheSchemaOfAMigratedDatabase() async throws {
        let schema = try await Self.currentSchema()
        #expect(schema.contains("CREATE TABLE item (") && schema.contains("CREATE TABLE feed ("), "\(schema.prefix(500))")
        if ProcessInfo.processInfo.environment["TIDINGS_WRITE_SCHEMA"] == "1" {
            try schema.write(to: Self.document, atomically: true, encoding: .utf8)
        }
        let written = try String(contentsOf: Self.document, encoding: .utf8)
        #expect(written == schema, "docs/schema.sql is not the migrated schema: run TIDINGS_WRITE_SCHEMA=1 swift test --filter SchemaDocumentTests")
    }
}

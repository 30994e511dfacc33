import GRDB

extension SQLiteFeedStore {
    /// Migration "v11": the item shown last, one row, so that `tidings show --next` goes on
    /// where reading stopped, also after the daemon restarts. Deleting that item (retention,
    /// unsubscribing) clears it through the foreign key.
    @Sendable static func addReadingPosition(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE reading_position (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                item_id INTEGER REFERENCES item(id) ON DELETE SET NULL
            );
            INSERT INTO reading_position (id, item_id) VALUES (1, NULL);
            """)
    }

    /// See `FeedStore.lastShownItem`.
    public func lastShownItem() async throws -> Int64? {
        try await read("read the item shown last") { db in
            try Int64.fetchOne(db, sql: "SELECT item_id FROM reading_position WHERE id = 1")
        }
    }

    /// See `FeedStore.setLastShownItem`.
    public func setLastShownItem(_ id: Int64) async throws {
        try await write("remember item \(id) as shown last") { db in
            try db.execute(
                sql: "UPDATE reading_position SET item_id = ?1 WHERE id = 1 AND EXISTS (SELECT 1 FROM item WHERE id = ?1)",
                arguments: [id])
        }
    }
}

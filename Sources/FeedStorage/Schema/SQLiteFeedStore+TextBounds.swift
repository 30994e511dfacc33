import FeedEntities
import GRDB

extension SQLiteFeedStore {
    /// The text columns `StoredText` shortens on every write, shortened in the rows written
    /// before it did: a feed title of hundreds of megabytes (from an OPML file whose entities
    /// expanded) made every listing that included the feed fail, and would go on doing so.
    static let boundedTextColumns: [(table: String, column: String)] = [
        ("feed", "title"), ("feed", "custom_title"), ("feed", "subtitle"), ("item", "title"), ("item", "author"),
    ]

    /// Shortens, as `TextLimit.shortened` does, every value of `boundedTextColumns` longer than
    /// `TextLimit.maximumBytes`. Only a prefix of each such value is read (`substr`), so a value
    /// of any size costs what a short one does; finding them reads each row's length once.
    @Sendable static func boundStoredText(_ db: Database) throws {
        for (table, column) in boundedTextColumns {
            let overlong = try Row.fetchAll(db, sql: """
                SELECT id, substr(\(column), 1, ?) AS prefix FROM \(table)
                WHERE length(CAST(\(column) AS BLOB)) > ?
                """, arguments: [TextLimit.maximumBytes + 1, TextLimit.maximumBytes])
            for row in overlong {
                // A prefix of one character more than the limit has bytes: too long still, so
                // it is cut at a character boundary and ends with "…".
                let prefix: String = row["prefix"]
                let id: Int64 = row["id"]
                // An item's search index row is rebuilt from the shortened title.
                let reindex = table == "item" ? ", indexed = 0" : ""
                try db.execute(
                    sql: "UPDATE \(table) SET \(column) = ?\(reindex) WHERE id = ?",
                    arguments: [TextLimit.shortened(prefix), id])
            }
        }
    }
}

import GRDB

extension SQLiteFeedStore {
    /// The listing date before migration v18: the feed's date whatever it was.
    static let untrustedSortDate = "COALESCE(published, updated, first_seen)"

    /// Migration "v18": listings sort and filter on `sortDate`, which believes a feed's date only
    /// between 1995 and a few minutes past the item's first sight. Every index built on the old
    /// expression is built again on the new one, with its columns and condition as they were
    /// (found in `sqlite_master`, so that an index this file does not name is not missed).
    @Sendable static func listByTrustedDates(_ db: Database) throws {
        let indexes = try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
        for index in indexes {
            let name: String = index["name"], sql: String = index["sql"]
            guard sql.contains(untrustedSortDate) else { continue }
            try db.execute(sql: "DROP INDEX \(name)")
            try db.execute(sql: sql.replacingOccurrences(of: untrustedSortDate, with: sortDate))
        }
    }
}

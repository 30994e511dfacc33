import GRDB

/// A failure of the database under a `SQLiteFeedStore`, described for people: what the store
/// was doing and what SQLite (or the file system) answered.
///
/// The daemon can show `description` as is, for example
/// "cannot store the refresh of feed 3: database is locked (SQLite code 5)".
public struct FeedStoreDatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the store was doing, phrased to follow "cannot", e.g. "open the database /path".
    public var operation: String
    /// Why it failed, as SQLite or the file system put it.
    public var reason: String
    /// SQLite's primary result code (5 busy, 8 read-only, 11 corrupt, 13 full, ...), when SQLite
    /// reported the failure.
    public var sqliteCode: Int32?

    public init(operation: String, reason: String, sqliteCode: Int32? = nil) {
        self.operation = operation
        self.reason = reason
        self.sqliteCode = sqliteCode
    }

    init(operation: String, _ error: DatabaseError) {
        let code = error.resultCode.primaryResultCode.rawValue
        self.init(operation: operation, reason: error.message ?? "SQLite error", sqliteCode: code)
    }

    public var description: String {
        let code = sqliteCode.map { " (SQLite code \($0))" } ?? ""
        return "cannot \(operation): \(reason)\(code)"
    }
}

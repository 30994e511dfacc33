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
    /// SQLite's extended result code (`SQLITE_READONLY_DBMOVED` is 1032), when SQLite reported
    /// the failure.
    public var sqliteExtendedCode: Int32?

    public init(operation: String, reason: String, sqliteCode: Int32? = nil, sqliteExtendedCode: Int32? = nil) {
        self.operation = operation
        self.reason = reason
        self.sqliteCode = sqliteCode
        self.sqliteExtendedCode = sqliteExtendedCode ?? sqliteCode
    }

    /// SQLite's `error` while doing `operation` on the database at `path`: a storage failure
    /// (`isStorageFailure`) says first what it means there (`StorageDiagnosis`: "the disk
    /// holding /home/u/.local/share/tidings is full"), then SQLite's words.
    init(operation: String, _ error: DatabaseError, path: String? = nil) {
        let message = error.message ?? "SQLite error"
        self.init(
            operation: operation, reason: message, sqliteCode: error.resultCode.primaryResultCode.rawValue,
            sqliteExtendedCode: error.extendedResultCode.rawValue)
        if let path, isStorageFailure {
            reason = "\(StorageDiagnosis.phrase(code: error.resultCode.primaryResultCode, path: path)) (\(message))"
        }
    }

    public var description: String {
        let code = sqliteCode.map { " (SQLite code \($0))" } ?? ""
        return "cannot \(operation): \(reason)\(code)"
    }

    /// SQLite's primary result codes that say the storage under the database refused a write,
    /// whatever was being written: SQLITE_READONLY (8), SQLITE_IOERR (10), SQLITE_FULL (13).
    /// Busy, locked, corrupt, constraint and query errors are not among them; nor is
    /// SQLITE_READONLY_DBMOVED (the file was moved or deleted under the open database), which
    /// no retry mends.
    public static let storageCodes: Set<Int32> = Set(
        [ResultCode.SQLITE_READONLY, .SQLITE_IOERR, .SQLITE_FULL].map(\.rawValue))

    /// Whether the storage, not what was written, is at fault (a full disk or database, an I/O
    /// error, a read-only file): the same write may succeed once the storage accepts it again.
    public var isStorageFailure: Bool {
        guard let sqliteCode, Self.storageCodes.contains(sqliteCode) else { return false }
        return sqliteExtendedCode != ResultCode.SQLITE_READONLY_DBMOVED.rawValue
    }

    /// `error` when it is a storage failure (`isStorageFailure`), else `nil`: the one place the
    /// daemon tells a full or failing disk from every other error.
    public static func storageFailure(in error: any Error) -> FeedStoreDatabaseError? {
        guard let error = error as? FeedStoreDatabaseError, error.isStorageFailure else { return nil }
        return error
    }
}

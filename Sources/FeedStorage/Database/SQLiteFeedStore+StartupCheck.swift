import GRDB

extension SQLiteFeedStore {
    /// How many problems of the start-up check are kept for the error (SQLite stops there too).
    static let startupCheckProblemsKept = 10

    /// `PRAGMA quick_check` on the database before anything reads or writes it: every page of
    /// every table and index is read once and its b-tree structure checked (O(N) in the file's
    /// size; unlike `integrity_check` it does not match index entries to their rows). At 100,000
    /// items (332 MiB) it takes 0.24 s with the file in the page cache and 5.5 s from a cold
    /// cache on the project's machine, where reading the file is the whole cost
    /// (bench/startup-check, bench/RESULTS.md). The whole check runs: a bounded one that read
    /// only some pages would miss the damaged page a later `list` trips over.
    ///
    /// It runs before migrations, so a damaged database is never migrated and never copied
    /// over a good migration backup.
    /// - Throws: `DamagedDatabaseError` when the check finds a problem or SQLite reports the
    ///   database corrupt; `DatabaseError` for any other failure (busy, I/O, not a database).
    static func checkForDamage(_ writer: any DatabaseWriter, path: String) throws {
        // A row may hold several lines, and SQLite heads the problems of each attached database
        // with "*** in database main ***": one problem per line, no headers. SQLite can also
        // stop the check with SQLITE_CORRUPT after the rows naming the page at fault; those
        // rows are kept, the error follows them.
        var problems = [String]()
        do {
            try writer.read { db in
                let rows = try String.fetchCursor(db, sql: "PRAGMA quick_check(\(startupCheckProblemsKept))")
                while let row = try rows.next() {
                    problems += row.split(separator: "\n").map(String.init)
                        .filter { $0 != "ok" && !$0.hasPrefix("*** in database ") }
                }
            }
        } catch let error as DatabaseError where isDamage(error) {
            problems.append(error.message ?? "database disk image is malformed")
        }
        guard problems.isEmpty else {
            throw DamagedDatabaseError(path: path, problems: problems, backups: backups(of: path))
        }
    }

    /// Whether SQLite's answer means the database is damaged (not busy, full or unreadable).
    /// SQLITE_NOTADB is not: a file that is no SQLite database at all is more likely a wrong
    /// path than our database, and copying a backup over it would destroy it; it stays a
    /// `FeedStoreDatabaseError` ("file is not a database").
    static func isDamage(_ error: DatabaseError) -> Bool {
        error.resultCode.primaryResultCode == .SQLITE_CORRUPT
    }
}

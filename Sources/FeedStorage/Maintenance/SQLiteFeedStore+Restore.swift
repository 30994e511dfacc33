import FeedEntities
import Foundation
import GRDB

extension SQLiteFeedStore {
    /// Restores `backup` into this store's own database while it serves: the supported way to
    /// put a backup back under a running daemon (moving a file over the live path would leave
    /// the daemon writing to the old file and the old `-wal` beside the new one).
    ///
    /// The backup is checked first (`checkBackup(at:)`). Then, with every reader shut out (a
    /// barrier on the writer connection), the current database is kept as
    /// `<path>.before-restore-<time>.bak` (`VACUUM INTO`, like the migration copies; only the
    /// newest `restoreBackupsKept` such copies stay) and SQLite's backup API copies the backup
    /// into the writer connection in one write transaction. The file keeps its inode, so every connection, and anyone watching the path,
    /// sees the restored content; a copy that fails half-way rolls back and leaves the database
    /// as it was. An older schema is then migrated (with the usual copy first), and the result
    /// must pass `PRAGMA integrity_check`.
    ///
    /// The caller makes sure nothing else writes meanwhile (the daemon pauses its refreshes):
    /// a write that read the old content and lands after the copy would mix the two.
    /// - Parameters:
    ///   - backup: an absolute path (the daemon's working directory is not the client's).
    ///   - now: names the copy of the replaced database.
    /// - Throws: `RestoreRefusedError` when the backup is refused; `FeedStoreDatabaseError` when
    ///   the copy of the current database, the restore, the migration or the check after fails.
    ///   Runs on a thread of its own, not the cooperative pool, and is not cancellable once
    ///   started.
    ///   - allowCommands: restore a backup that subscribes to command feeds (refused otherwise).
    public func restore(from backup: String, allowCommands: Bool = false, now: Date = Date()) async throws -> RestoreReport {
        guard let path else {
            throw FeedStoreDatabaseError(operation: "restore \(backup)", reason: "an in-memory store has no file to restore into")
        }
        // Into the file the store has open only while it is still the one at the path: else
        // the copy would go into a lost file, and new readers would open the one at the path.
        try verifyFile()
        let writer = self.writer
        let (text, compressor, damaged) = (text, compressor, damage != nil)
        let report = try await Self.offThePool { [self] in
            try Self.restoreLive(
                writer, path: path, from: backup, allowCommands: allowCommands, damaged: damaged, text: text,
                compressor: compressor, now: now, verify: { try self.verifyFile() })
        }
        // The restored database passed its integrity check: nothing broken is left to spread.
        damageMended()
        return report
    }

    /// - Parameters:
    ///   - verify: throws when the database file is no longer the one at the path
    ///     (`verifyFile()`); checked again once the copy holds the writer.
    ///   - damaged: the store found the database damaged: the replaced database is kept page
    ///     by page (SQLite's backup API copies pages without reading their b-trees), since
    ///     `VACUUM INTO` would stop at the first broken page.
    private static func restoreLive(
        _ writer: any DatabaseWriter, path: String, from backup: String, allowCommands: Bool, damaged: Bool, text: HTMLText,
        compressor: TextCompressor,
        now: Date, verify: @Sendable () throws -> Void
    ) throws -> RestoreReport {
        let migrator = Self.migrator(text: text, compressor: compressor)
        let checked = try checkBackup(at: backup, allowCommands: allowCommands)
        if sameFile(backup, path) { throw RestoreRefusedError(path: backup, reason: "it is the database itself") }
        let operation = "restore \(backup) into \(path)"
        let pageSize = try databaseAccess(operation) { try writer.read { try Int.fetchOne($0, sql: "PRAGMA page_size") } ?? 0 }
        let replacedCopy = restoreBackupPath(for: path, at: now)
        try databaseAccess(operation) {
            try withPageSize(pageSize, of: checked, beside: path) { source in
                // The barrier waits for running reads and holds new ones until the copy is
                // done: none sees a half-copied file. The kept copy is taken inside it too, so
                // no write (a client marking an item read) lands between the two and is lost.
                try writer.barrierWriteWithoutTransaction { db in
                    try verify()
                    let keeping = "keep the database as \(replacedCopy) before restoring \(backup)"
                    if damaged {
                        try writePageCopy(db, to: replacedCopy, operation: keeping)
                    } else {
                        try writeCopy(db, to: replacedCopy, operation: keeping)
                    }
                    try source.read { try $0.backup(to: db) }
                }
            }
        }
        // Their statement and schema caches describe the content before the copy.
        (writer as? DatabasePool)?.invalidateReadOnlyConnections()
        let migrationBackup = try backUpBeforeMigrating(writer, path: path)
        let (problems, contents, schema) = try databaseAccess("migrate the restored database \(path)") {
            try migrator.migrate(writer)
            // The restored database's dictionaries and search words, whatever this one had.
            try settleStoredText(writer, text: text, compressor: compressor, compactFile: false)
            return try writer.read { db -> ([String], (feeds: Int, items: Int), String) in
                (try integrityProblems(db), try counts(db), try migrator.appliedMigrations(db).last ?? "")
            }
        }
        if let first = problems.first {
            throw FeedStoreDatabaseError(
                operation: "check the restored database \(path)",
                reason: "it fails SQLite's integrity check: \(first); the database it replaced is kept as \(replacedCopy)")
        }
        removeOldRestoreBackups(of: path)
        return RestoreReport(
            databasePath: path, backupPath: backup, replacedCopy: replacedCopy, backupSchemaVersion: checked.schemaVersion,
            schemaVersion: schema, migrationBackup: migrationBackup, feeds: contents.feeds, items: contents.items)
    }

    /// Restores `backup` over the database at `path` while no daemon has it open (the caller
    /// holds the database's instance lock): `tidingsd restore`, which works whatever state the
    /// current file is in, damaged included.
    ///
    /// The backup is checked first (`checkBackup(at:)`) and copied with SQLite's backup API into
    /// `<path>.restoring`, which must pass `PRAGMA integrity_check` and is synced before it goes
    /// anywhere. The current database is kept as `<path>.before-restore-<time>.bak` by a hard
    /// link, its `-wal` (or `-journal`) moved beside the copy under the same suffix, so that
    /// `sqlite3` opens the pair as it was, and its `-shm` deleted: a link, not a `VACUUM INTO`
    /// copy, because it keeps a damaged file as it is (a copy would have to read it), costs no
    /// time or space, and the path never lacks a database, so a crash before the last step leaves
    /// the old database file in place rather than nothing (a next start would create an empty
    /// one). A crash in the moment between moving its log and the last step leaves that file
    /// without the commits still in its log; they are in the kept copy, which restores whole.
    /// Last, `<path>.restoring` is renamed over `<path>` and the directory synced: no `-wal`,
    /// `-shm` or `-journal` of the old file remains at the path to be replayed into the new one.
    /// The schema stays the backup's; the daemon migrates it at its next start.
    /// - Throws: `RestoreRefusedError` when the backup is refused; `FeedStoreDatabaseError`
    ///   when copying, checking or moving fails (the database at `path` is then unchanged).
    /// - Parameter allowCommands: restore a backup that subscribes to command feeds (refused
    ///   otherwise, naming them).
    public static func restore(
        from backup: String, into path: String, allowCommands: Bool = false, now: Date = Date()
    ) throws -> RestoreReport {
        let checked = try checkBackup(at: backup, allowCommands: allowCommands)
        if sameFile(backup, path) { throw RestoreRefusedError(path: backup, reason: "it is the database itself") }
        let restoring = path + ".restoring"
        func removeRestoring() {
            for file in [restoring, restoring + "-wal", restoring + "-shm", restoring + "-journal"] { unlink(file) }
        }
        removeRestoring()  // left by a crash during an earlier attempt
        let (problems, contents) = try databaseAccess("copy \(backup) to \(restoring)") {
            do {
                let destination = try DatabaseQueue(path: restoring)
                defer { try? destination.close() }
                try withBackup(backup) { try $0.backup(to: destination) }
                // One self-contained file: a backup taken in WAL mode is copied in WAL mode, and
                // its log must not stay beside `restoring` when that is renamed. The daemon sets
                // WAL again when it opens the database.
                try destination.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = DELETE") }
                return try destination.read { db -> ([String], (feeds: Int, items: Int)) in
                    (try integrityProblems(db), try counts(db))
                }
            } catch {
                removeRestoring()
                throw error
            }
        }
        if let first = problems.first {
            removeRestoring()
            throw FeedStoreDatabaseError(
                operation: "check the copy \(restoring) of \(backup)", reason: "it fails SQLite's integrity check: \(first)")
        }
        guard syncFile(restoring) else {
            let reason = String(cString: strerror(errno))
            removeRestoring()
            throw FeedStoreDatabaseError(operation: "sync \(restoring)", reason: reason)
        }
        let replacedCopy: String?
        do {
            replacedCopy = try keepReplaced(path, at: now)
        } catch {
            removeRestoring()
            throw error
        }
        guard rename(restoring, path) == 0 else {
            let reason = String(cString: strerror(errno))
            if let replacedCopy {
                putBackLogs(of: path, from: replacedCopy)
                unlink(replacedCopy)
            }
            removeRestoring()
            throw FeedStoreDatabaseError(operation: "move \(restoring) to \(path)", reason: reason)
        }
        syncDirectory(of: path)
        removeOldRestoreBackups(of: path)
        return RestoreReport(
            databasePath: path, backupPath: backup, replacedCopy: replacedCopy, backupSchemaVersion: checked.schemaVersion,
            schemaVersion: checked.schemaVersion, feeds: contents.feeds, items: contents.items)
    }

    /// Runs `body` with the backup opened read-only, or with a copy of it in pages of
    /// `pageSize` bytes when its own differ: SQLite's backup API cannot copy across page sizes
    /// into a database in WAL mode (a backup of a database made with another page size, such as
    /// the 4 KiB of databases older than `newDatabasePageSize`). The copy (`VACUUM INTO`) lies
    /// beside the database, in its private directory, and is deleted afterwards.
    private static func withPageSize<T>(
        _ pageSize: Int, of backup: CheckedBackup, beside path: String, _ body: (DatabaseQueue) throws -> T
    ) throws -> T {
        guard backup.pageSize != pageSize else { return try withBackup(backup.path, body) }
        let copy = path + ".restoring-\(pageSize)"
        func removeCopy() {
            for file in [copy, copy + "-wal", copy + "-shm", copy + "-journal"] { unlink(file) }
        }
        removeCopy()  // left by a crash during an earlier attempt
        defer { removeCopy() }
        try withBackup(backup.path) { source in
            try source.inDatabase { db in
                try db.execute(sql: "PRAGMA page_size = \(pageSize)")  // what `VACUUM INTO` writes
                try writeCopy(db, to: copy, operation: "copy \(backup.path) into pages of \(pageSize) bytes")
            }
        }
        return try withBackup(copy, body)
    }

    /// The log files that belong to a database file and must move with it.
    private static let logSuffixes = ["-wal", "-journal"]

    /// Keeps the database at `path` as `<path>.before-restore-<time>.bak` (a hard link) with its
    /// logs moved beside it, and deletes its `-shm`; see `restore(from:into:now:)`.
    /// - Returns: the copy's path, or `nil` when there is no database at `path`.
    private static func keepReplaced(_ path: String, at now: Date) throws -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        let copy = restoreBackupPath(for: path, at: now)
        guard link(path, copy) == 0 else {
            throw FeedStoreDatabaseError(operation: "keep the database as \(copy)", reason: String(cString: strerror(errno)))
        }
        for suffix in logSuffixes where lstat(path + suffix, &info) == 0 {
            guard rename(path + suffix, copy + suffix) == 0 else {
                let reason = String(cString: strerror(errno))
                putBackLogs(of: path, from: copy)
                unlink(copy)
                throw FeedStoreDatabaseError(operation: "move \(path)\(suffix) to \(copy)\(suffix)", reason: reason)
            }
        }
        unlink(path + "-shm")
        syncDirectory(of: path)
        return copy
    }

    /// Moves the logs `keepReplaced` moved to `copy` back beside `path` (an undo).
    private static func putBackLogs(of path: String, from copy: String) {
        for suffix in logSuffixes { rename(copy + suffix, path + suffix) }
    }

    /// Runs `body`, rethrowing a `DatabaseError` as a `FeedStoreDatabaseError` naming `operation`.
    private static func databaseAccess<T>(_ operation: @autoclosure () -> String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw FeedStoreDatabaseError(operation: operation(), error)
        }
    }
}

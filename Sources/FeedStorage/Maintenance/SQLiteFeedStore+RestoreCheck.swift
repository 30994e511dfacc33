import FeedEntities
import Foundation
import GRDB

extension SQLiteFeedStore {
    /// A backup that passed `checkBackup(at:)`.
    struct CheckedBackup {
        /// The backup as the user named it.
        var path: String
        /// Its newest applied migration (`v9`).
        var schemaVersion: String
        /// Its page size in bytes (a live restore copies it into the database's own first).
        var pageSize: Int
        /// The addresses of the command feeds it subscribes to (`exec:…`, `filter:…`).
        var commandFeeds: [String]
    }

    /// Checks a backup before anything is changed: a regular file (a symbolic link is refused,
    /// so the file checked is the file copied), an SQLite database that opens read-only, passes
    /// the full `PRAGMA integrity_check` (it is read once, and restoring a damaged copy would
    /// trade one damage for another) and has Tidings' schema: its migrations are a prefix of
    /// this build's, so an older schema is migrated after the restore and a newer one, which
    /// this build could not read, is refused. A backup that subscribes to command feeds is
    /// refused too, naming them, unless `allowCommands`: a database someone hands over must not
    /// run programs as the user at its first refresh.
    /// - Throws: `RestoreRefusedError` naming the backup and the reason.
    static func checkBackup(at path: String, allowCommands: Bool = false) throws(RestoreRefusedError) -> CheckedBackup {
        func refuse(_ reason: String) -> RestoreRefusedError { RestoreRefusedError(path: path, reason: reason) }
        var info = stat()
        guard lstat(path, &info) == 0 else { throw refuse(String(cString: strerror(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: throw refuse("it is a symbolic link; name the file it points to")
        case S_IFDIR: throw refuse("it is a directory")
        default: throw refuse("it is not a regular file")
        }
        do {
            return try withBackup(path) { backup in try backup.read { db in
                let problems = try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
                if let first = problems.first {
                    let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
                    throw refuse("it fails SQLite's integrity check: \(first)\(more)")
                }
                let known = migrator.migrations
                guard try db.tableExists("grdb_migrations") else {
                    throw refuse("it is an SQLite database but not one of Tidings (it has no schema migrations)")
                }
                let applied = Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
                let unknown = applied.subtracting(known)
                guard unknown.isEmpty else {
                    throw refuse(
                        "it was written by a newer version of Tidings (schema \(unknown.sorted().joined(separator: ", ")); "
                            + "this one knows up to \(latestSchemaVersion))")
                }
                guard !applied.isEmpty, applied == Set(known.prefix(applied.count)) else {
                    throw refuse("it is an SQLite database but not one of Tidings (its schema migrations are not Tidings' own)")
                }
                let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0
                let commands = try commandFeeds(db)
                if !commands.isEmpty, !allowCommands {
                    throw refuse(commandRefusal(commands))
                }
                return CheckedBackup(
                    path: path, schemaVersion: known[applied.count - 1], pageSize: pageSize, commandFeeds: commands)
            } }
        } catch let error as RestoreRefusedError {
            throw error
        } catch let error as DatabaseError {
            switch error.resultCode.primaryResultCode {
            case .SQLITE_NOTADB: throw refuse("it is not an SQLite database")
            case .SQLITE_CORRUPT: throw refuse("it fails SQLite's integrity check: \(error.message ?? "database disk image is malformed")")
            default: throw refuse(error.message ?? "\(error.resultCode)")
            }
        } catch {
            throw refuse("\(error)")
        }
    }

    /// The command feeds `db` subscribes to (unsubscribed ones left out where the schema knows
    /// them), in the case-insensitive sense of `FeedAddress.isCommand`.
    static func commandFeeds(_ db: Database) throws -> [String] {
        let removable = try db.columns(in: "feed").contains { $0.name == "removed_at" }
        let urls = try String.fetchAll(
            db,
            // LIKE ignores ASCII case; FeedAddress has the last word on what is a command.
            sql: "SELECT url FROM feed WHERE (ltrim(url) LIKE 'exec:%' OR ltrim(url) LIKE 'filter:%')"
                + (removable ? " AND removed_at IS NULL" : "") + " ORDER BY id")
        return urls.filter(FeedAddress.isCommand)
    }

    /// `it subscribes to 2 command feeds, which run programs at every refresh (exec:…, …): …`.
    static func commandRefusal(_ commands: [String]) -> String {
        let shown = commands.prefix(3).map { TextLimit.quotable($0) }
        let more = commands.count > 3 ? ", and \(commands.count - 3) more" : ""
        let what = commands.count == 1 ? "a command feed, which runs a program" : "\(commands.count) command feeds, which run programs"
        return "it subscribes to \(what) at every refresh (\(shown.joined(separator: ", "))\(more)); "
            + "restore it with --allow-commands if you made this backup or have read its commands"
    }

    /// Runs `body` with the backup opened read-only: nothing is written to it (a `-wal` beside
    /// it is read, as `sqlite3` would). SQLite creates a `-wal` and `-shm` beside a database in
    /// WAL mode even to read it (a copy made by `sqlite3 .backup` of Tidings' database is one);
    /// those this opening created are deleted again when the log is empty, so the backup's
    /// directory is left as it was.
    static func withBackup<T>(_ path: String, _ body: (DatabaseQueue) throws -> T) throws -> T {
        var info = stat()
        let created = ["-wal", "-shm"].filter { lstat(path + $0, &info) != 0 }.map { path + $0 }
        defer {
            if created.contains(path + "-wal"), lstat(path + "-wal", &info) == 0, info.st_size == 0 {
                for file in created { unlink(file) }
            }
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "tidings-backup"
        configuration.busyMode = .timeout(busyTimeout)
        let backup = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? backup.close() }
        return try body(backup)
    }

    /// Whether `a` and `b` name the same file (device and inode); `false` when either is missing.
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Feeds (unsubscribed ones left out where the schema knows them) and items in `db`.
    static func counts(_ db: Database) throws -> (feeds: Int, items: Int) {
        let removable = try db.columns(in: "feed").contains { $0.name == "removed_at" }
        let feeds = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM feed" + (removable ? " WHERE removed_at IS NULL" : "")) ?? 0
        let items = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item") ?? 0
        return (feeds, items)
    }

    /// The problems `PRAGMA integrity_check` finds in `db`; empty when it answers `ok`.
    static func integrityProblems(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
    }

    /// `<database>.before-restore-<UTC yyyyMMdd'T'HHmmss>.bak`, with `-2`, `-3`… before `.bak`
    /// when a restore in the same second took that name already.
    static func restoreBackupPath(for database: String, at date: Date) -> String {
        var time = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&time, &parts)
        let stamp = String(
            format: "%04d%02d%02dT%02d%02d%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
        var candidate = "\(database).before-restore-\(stamp).bak"
        var info = stat()
        var number = 2
        while lstat(candidate, &info) == 0 {
            candidate = "\(database).before-restore-\(stamp)-\(number).bak"
            number += 1
        }
        return candidate
    }

    /// Where a restore copy's name puts it in time: its stamp, then its number in that second
    /// (`…T070106.bak` is 1, `…T070106-2.bak` 2).
    private static func restoreOrder(_ copy: String) -> (String, Int) {
        let stem = copy.dropLast(".bak".count)
        let stamp = stem.split(separator: "-").last.map(String.init) ?? ""
        if let number = Int(stamp), let dash = stem.lastIndex(of: "-") {
            return (String(stem[..<dash]), number)
        }
        return (String(stem), 1)
    }

    /// How many `<db>.before-restore-*.bak` copies are kept beside the database.
    static let restoreBackupsKept = 2

    /// Deletes all but the newest `restoreBackupsKept` restore copies, with the write-ahead
    /// log or journal kept beside each. Newest by the time in the name, not the file's: a copy
    /// kept by renaming the old database has that database's last modification time. Best
    /// effort, as for the migration copies.
    static func removeOldRestoreBackups(of path: String) {
        let copies = backups(of: path, named: ".before-restore-").sorted { restoreOrder($0) > restoreOrder($1) }
        for old in copies.dropFirst(restoreBackupsKept) {
            for file in [old, old + "-wal", old + "-journal", old + "-shm"] { unlink(file) }
        }
    }
}

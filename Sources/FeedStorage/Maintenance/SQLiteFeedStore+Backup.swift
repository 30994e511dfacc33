import Foundation
import GRDB

extension SQLiteFeedStore {
    /// How many `<db>.before-<migration>.bak` copies are kept beside the database.
    static let migrationBackupsKept = 2

    /// Copies the database to `<path>.before-<next migration>.bak` when it already has applied
    /// migrations and is about to run more, so a migration that goes wrong (or a Tidings that
    /// has to be downgraded) can be undone by copying the file back. A new database has nothing
    /// to lose and gets no copy.
    ///
    /// The copy is `VACUUM INTO`: one consistent snapshot (the write-ahead log included) in a
    /// compact file, written beside the target and renamed over it once it is on disk, so a
    /// crash never leaves a half copy under the final name. Only the newest
    /// `migrationBackupsKept` copies are kept. Failing to take the copy fails the opening:
    /// migrating without the copy would be the one risk the copy is there to remove.
    /// - Returns: the copy's path, or `nil` when none was needed.
    static func backUpBeforeMigrating(_ writer: any DatabaseWriter, path: String) throws -> String? {
        let migrator = Self.migrator
        let applied = Set(try writer.read { try migrator.appliedMigrations($0) })
        guard !applied.isEmpty, let next = migrator.migrations.first(where: { !applied.contains($0) }) else { return nil }
        let backup = "\(path).before-\(next).bak"
        let operation = "back up the database to \(backup) before migration \(next)"
        try writeCopy(writer, to: backup, operation: operation)
        removeOldMigrationBackups(of: path)
        return backup
    }

    /// The copies of the database at `path` beside it, newest first (by modification time, then
    /// name): migration and restore copies (`<path>.before-*.bak`) and the copies a daemon saved
    /// when the file was replaced or deleted under it (`<path>.replaced-*.bak`, `.deleted-*`).
    public static func backups(of path: String) -> [String] {
        backups(of: path, named: [".before-"] + DatabaseFileLostError.Loss.allCases.map { ".\($0.rawValue)-" })
    }

    /// The copies `<path><infix>*.bak`, newest first (by modification time, then name).
    static func backups(of path: String, named infix: String) -> [String] {
        backups(of: path, named: [infix])
    }

    /// The copies `<path><infix>*.bak` for any of `infixes`, newest first.
    private static func backups(of path: String, named infixes: [String]) -> [String] {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let prefixes = infixes.map { name + $0 }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "/" : directory)) ?? []
        let backups: [(path: String, modified: timespec)] = names
            .filter { name in name.hasSuffix(".bak") && prefixes.contains { name.hasPrefix($0) } }
            .map { name in
                let file = directory + "/" + name
                var info = stat()
                return (file, stat(file, &info) == 0 ? info.st_mtim : timespec())
            }
        return backups.sorted { a, b in
            if a.modified.tv_sec != b.modified.tv_sec { return a.modified.tv_sec > b.modified.tv_sec }
            if a.modified.tv_nsec != b.modified.tv_nsec { return a.modified.tv_nsec > b.modified.tv_nsec }
            return a.path > b.path
        }.map(\.path)
    }

    /// Deletes all but the newest `migrationBackupsKept` migration copies (`.before-v*.bak`);
    /// restore copies are pruned on their own (`removeOldRestoreBackups`). Best effort: a copy
    /// that cannot be deleted costs disk space, not data.
    private static func removeOldMigrationBackups(of path: String) {
        for old in backups(of: path, named: ".before-v").dropFirst(migrationBackupsKept) { unlink(old) }
    }

    /// Writes a consistent copy of the database (`VACUUM INTO`: the write-ahead log included,
    /// free pages left out) to `backup`: to `<backup>.partial` first, synced, then renamed, so a
    /// crash never leaves a half copy under the final name. Runs on the writer connection
    /// outside a transaction, so no write of this process lands half in the copy.
    /// - Throws: `FeedStoreDatabaseError` naming `operation` (a full disk, a damaged page).
    static func writeCopy(_ writer: any DatabaseWriter, to backup: String, operation: String) throws {
        // Outside a transaction: SQLite refuses VACUUM (INTO as well) inside one.
        try writer.writeWithoutTransaction { db in try writeCopy(db, to: backup, operation: operation) }
    }

    /// `writeCopy(_:to:operation:)` on a connection the caller holds outside a transaction.
    static func writeCopy(_ db: Database, to backup: String, operation: String) throws {
        let partial = backup + ".partial"
        unlink(partial)  // left by a crash during an earlier attempt
        do {
            try db.execute(sql: "VACUUM INTO ?", arguments: [partial])
        } catch let error as DatabaseError {
            unlink(partial)
            throw FeedStoreDatabaseError(operation: operation, error)
        }
        guard syncFile(partial), rename(partial, backup) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(partial)
            throw FeedStoreDatabaseError(operation: operation, reason: reason)
        }
        syncDirectory(of: backup)
    }

    /// Copies the database `db` is connected to into `backup` page by page (SQLite's backup API,
    /// which reads no b-tree, so a damaged database is kept as it is), through
    /// `<backup>.partial`, synced and renamed into place as `writeCopy` does.
    static func writePageCopy(_ db: Database, to backup: String, operation: String) throws {
        let partial = backup + ".partial"
        unlink(partial)
        do {
            let destination = try DatabaseQueue(path: partial)
            try destination.writeWithoutTransaction { copy in
                try db.backup(to: copy)
                // One file, without a log beside it.
                try copy.execute(sql: "PRAGMA journal_mode = DELETE")
            }
            try destination.close()
        } catch let error as DatabaseError {
            for file in [partial, partial + "-wal", partial + "-shm"] { unlink(file) }
            throw FeedStoreDatabaseError(operation: operation, error)
        }
        guard syncFile(partial), rename(partial, backup) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(partial)
            throw FeedStoreDatabaseError(operation: operation, reason: reason)
        }
        syncDirectory(of: backup)
    }

    /// `fsync` of the directory holding `path`, so a rename or link there is on disk. Best
    /// effort: a directory that cannot be synced leaves the rename to the kernel's own flush.
    static func syncDirectory(of path: String) {
        _ = syncFile(directory(of: path))
    }

    /// The directory holding `path`: `/` for a file at the root, `.` for a bare name.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `fsync` of a file or directory; `false` (with `errno`) when it cannot be opened or synced.
    static func syncFile(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return fsync(descriptor) == 0
    }
}

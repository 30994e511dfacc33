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
    /// The copy is `copyDatabase` (`VACUUM INTO`). Only the newest
    /// `migrationBackupsKept` copies are kept. Failing to take the copy fails the opening:
    /// migrating without the copy would be the one risk the copy is there to remove.
    /// - Returns: the copy's path, or `nil` when none was needed.
    static func backUpBeforeMigrating(_ writer: any DatabaseWriter, path: String) throws -> String? {
        let migrator = Self.migrator
        let applied = Set(try writer.read { try migrator.appliedMigrations($0) })
        guard !applied.isEmpty, let next = migrator.migrations.first(where: { !applied.contains($0) }) else { return nil }
        let backup = "\(path).before-\(next).bak"
        try copyDatabase(writer, to: backup, operation: "back up the database to \(backup) before migration \(next)")
        removeOldMigrationBackups(of: path)
        return backup
    }

    /// Writes a consistent copy of the database (`VACUUM INTO`: one snapshot, the write-ahead log
    /// included, in a compact file) to `backup`, beside it first and renamed over it once it is
    /// on disk, so a crash never leaves a half copy under the final name.
    /// - Throws: `FeedStoreDatabaseError` naming `operation`.
    static func copyDatabase(_ writer: any DatabaseWriter, to backup: String, operation: String) throws {
        let partial = backup + ".partial"
        unlink(partial)  // left by a crash during an earlier attempt
        do {
            // Outside a transaction: SQLite refuses VACUUM (INTO as well) inside one.
            try writer.writeWithoutTransaction { db in
                try db.execute(sql: "VACUUM INTO ?", arguments: [partial])
            }
        } catch let error as DatabaseError {
            unlink(partial)
            throw FeedStoreDatabaseError(operation: operation, error)
        }
        guard syncFile(partial), rename(partial, backup) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(partial)
            throw FeedStoreDatabaseError(operation: operation, reason: reason)
        }
        let directory = backup.lastIndex(of: "/").map { String(backup[..<$0]) } ?? "."
        _ = syncFile(directory.isEmpty ? "/" : directory)  // the rename itself
    }

    /// The migration copies of the database at `path`, newest first (by modification time,
    /// then name).
    static func migrationBackups(of path: String) -> [String] {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let prefix = (slash.map { String(path[path.index(after: $0)...]) } ?? path) + ".before-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "/" : directory)) ?? []
        let backups: [(path: String, modified: timespec)] = names
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".bak") }
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

    /// Deletes all but the newest `migrationBackupsKept` copies. Best effort: a copy that cannot
    /// be deleted costs disk space, not data.
    private static func removeOldMigrationBackups(of path: String) {
        for old in migrationBackups(of: path).dropFirst(migrationBackupsKept) { unlink(old) }
    }

    /// `fsync` of a file or directory; `false` (with `errno`) when it cannot be opened or synced.
    private static func syncFile(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return fsync(descriptor) == 0
    }
}

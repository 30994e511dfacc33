import FeedEntities
@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// Restoring a backup: into a store that serves (the daemon's `daemon.restore`) and over a
/// database no one has open (`tidingsd restore`).
struct SQLiteFeedStoreRestoreTests {
    private let database: Version3Database
    private var path: String { database.path }
    private var directory: String { database.directory.path }

    init() throws {
        database = try Version3Database(label: "restore")
    }

    /// A store at `path` with one feed per title, one item each.
    private func storeWithFeeds(_ titles: [String]) async throws -> SQLiteFeedStore {
        let store = try SQLiteFeedStore(path: path, text: .verbatim)
        try await add(titles, to: store)
        return store
    }

    private func add(_ titles: [String], to store: SQLiteFeedStore) async throws {
        for title in titles {
            _ = try await store.addFeed(
                url: "https://example.org/\(title)", document: document(title: title, items: [ParsedItem(id: title, title: title)]),
                fetchedAt: day(1))
        }
    }

    /// A consistent copy of the store's database, as `sqlite3 DB ".backup FILE"` makes one.
    private func backUp(_ store: SQLiteFeedStore, to file: String) throws {
        let copy = try DatabaseQueue(path: file)
        try store.writer.backup(to: copy)
        try copy.close()
    }

    private func titles(at file: String) throws -> [String] {
        let queue = try DatabaseQueue(path: file)
        defer { try? queue.close() }
        return try queue.read { try String.fetchAll($0, sql: "SELECT title FROM feed ORDER BY title") }
    }

    private func integrity(at file: String) throws -> String? {
        let queue = try DatabaseQueue(path: file)
        defer { try? queue.close() }
        return try queue.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") }
    }

    private func inode(_ file: String) -> UInt {
        var info = stat()
        return stat(file, &info) == 0 ? UInt(info.st_ino) : 0
    }

    private func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    /// Writes garbage over the first half of page `page` (1-based) of `file`.
    private func garble(_ file: String, page: Int) throws {
        let pageSize = try DatabaseQueue(path: file).read { try Int.fetchOne($0, sql: "PRAGMA page_size") } ?? 4096
        let handle = try #require(FileHandle(forUpdatingAtPath: file))
        try handle.seek(toOffset: UInt64((page - 1) * pageSize))
        try handle.write(contentsOf: Data((0..<2048).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }))
        try handle.close()
    }

    // MARK: - Command feeds

    /// A backup someone hands over may subscribe to command feeds, which would run as the user
    /// at the first refresh: refused naming them, live and offline, unless allowed.
    @Test func aBackupWithCommandFeedsIsRefusedUnlessAllowed() async throws {
        defer { try? FileManager.default.removeItem(at: database.directory) }
        let store = try await storeWithFeeds(["Alpha"])
        for command in ["exec:/bin/sh -c 'id > /tmp/pwned'", "FILTER:cat:https://example.org/x"] {
            _ = try await store.addFeed(url: command, document: document(title: command), fetchedAt: day(1))
        }
        let backup = directory + "/handed-over.sqlite"
        try backUp(store, to: backup)
        try await add(["Beta"], to: store)

        let live = try await #require(throws: RestoreRefusedError.self) { try await store.restore(from: backup) }
        #expect(live.description.contains("it subscribes to 2 command feeds, which run programs at every refresh (exec:/bin/sh -c 'id > /tmp/pwned', FILTER:cat:https://example.org/x)"), "\(live)")
        #expect(live.description.contains("--allow-commands"))
        #expect(try titles(at: path).contains("Beta"))
        let offline = directory + "/offline.sqlite"
        #expect(throws: RestoreRefusedError.self) { try SQLiteFeedStore.restore(from: backup, into: offline) }
        #expect(!FileManager.default.fileExists(atPath: offline))

        let allowed = try await store.restore(from: backup, allowCommands: true)
        #expect(allowed.feeds == 3)
        #expect(!(try titles(at: path).contains("Beta")))
    }

    // MARK: - Into a live store

    @Test func aLiveRestoreKeepsTheFileAndTheDatabaseItReplaced() async throws {
        defer { try? FileManager.default.removeItem(at: database.directory) }
        let store = try await storeWithFeeds(["Alpha"])
        let backup = directory + "/backup.sqlite"
        try backUp(store, to: backup)
        try await add(["Beta"], to: store)
        let before = inode(path)

        let report = try await store.restore(from: backup)

        #expect(inode(path) == before)
        #expect(try await store.feeds().map(\.title) == ["Alpha"])
        #expect(try await store.items(ItemQuery()).map(\.title) == ["Alpha"])
        #expect(try await store.integrityProblems().isEmpty)
        #expect(try await store.pragma("journal_mode") == "wal")
        #expect(report.feeds == 1 && report.items == 1)
        #expect(report.backupSchemaVersion == SQLiteFeedStore.latestSchemaVersion)
        #expect(report.schemaVersion == SQLiteFeedStore.latestSchemaVersion)
        let kept = try #require(report.replacedCopy)
        #expect(kept.hasPrefix(path + ".before-restore-") && kept.hasSuffix(".bak"))
        #expect(try titles(at: kept) == ["Alpha", "Beta"])
        #expect(try integrity(at: kept) == "ok")
        // Writing goes on into the restored content.
        try await add(["Gamma"], to: store)
        #expect(try await store.feeds().map(\.title).sorted() == ["Alpha", "Gamma"])
    }

    @Test func aLiveRestoreMigratesAnOlderSchema() async throws {
        defer { try? FileManager.default.removeItem(at: database.directory) }
        try database.create()
        let old = directory + "/old.sqlite"
        #expect(rename(path, old) == 0)
        let store = try await storeWithFeeds(["Alpha"])

        let report = try await store.restore(from: old)

        #expect(report.backupSchemaVersion == "v3")
        #expect(report.schemaVersion == SQLiteFeedStore.latestSchemaVersion)
        #expect(report.migrationBackup == path + ".before-v4.bak")
        #expect(try await store.feeds().map(\.title) == ["Old"])
        #expect(try await store.integrityProblems().isEmpty)
    }

    @Test func aDamagedBackupIsRefusedAndNothingChanges() async throws {
        defer { try? FileManager.default.removeItem(at: database.directory) }
        let store = try await storeWithFeeds((0..<300).map { "Feed \($0) " + String(repeating: "x", count: 200) })
        let backup = directory + "/backup.sqlite"
        try backUp(store, to: backup)
        let pages = try await DatabaseQueue(path: backup).read { try Int.fetchOne($0, sql: "PRAGMA page_count") } ?? 0
        try garble(backup, page: pages - 2)
        let before = try files()

        let error = try await #require(throws: RestoreRefusedError.self) { try await store.restore(from: backup) }
        #expect(error.path == backup)
        #expect(error.reason.hasPrefix("it fails SQLite's integrity check"), "\(error)")
        #expect(try await store.feeds().count == 300)
        #expect(try files() == before, "\(before)")
    }

    @Test func aNewerSchemaIsRefused() async throws {
        defer { try? FileManager.default.removeItem(at: database.directory) }
        let store = try await storeWithFeeds(["Alpha"])
        let backup = directory + "/backup.sqlite"
        try backUp(store, to: backup)
        let queue = try DatabaseQueue(path: backup)
        try await queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99')") }
        try queue.close()

        let error = try await #require(throws: RestoreRefusedError.self) { try await store.restore(from: backup) }
        #expect(error.description.contains("newer version of Tidings (schema v99"), "\(error)")
        #expect(try await store.feeds().map(\.title) == ["Alpha"])
    }

    @Test func aFileThatIsNoTidingsDatabaseIsRefused() async throws {
        defer { try? FileManager.default.removeItem(at: database.directory) }
        let store = try await storeWithFeeds(["Alpha"])
        let text = directory + "/notes.txt"
        try Data(String(repeating: "not a database\n", count: 400).utf8).write(to: URL(fileURLWithPath: text))
        let other = directory + "/other.sqlite"
        let queue = try DatabaseQueue(path: other)
        try await queue.write { try $0.execute(sql: "CREATE TABLE t (x)") }
        try queue.close()
        let link = directory + "/link.sqlite"
        #expect(symlink(other, link) == 0)

        let cases = [
            (text, "it is not an SQLite database"), (other, "not one of Tidings"), (link, "symbolic link"),
            (directory + "/missing.sqlite", "No such file or directory"), (path, "it is the database itself"),
        ]
        for (file, reason) in cases {
            let error = try await #require(throws: RestoreRefusedError.self) { try await store.restore(from: file) }
            #expect(error.reason.contains(reason), "\(error)")
        }
        #expect(try await store.feeds().map(\.title) == ["Alpha"])
        #expect(SQLiteFeedStore.backups(of: path).isEmpty)
    }

    /// A backup of a database with another page size (SQLite's default 4 KiB, which databases
    /// older than 16 KiB pages keep) is copied into the database's page size first.
    @Test func anotherPageSizeIsRestoredLiveInTheDatabasesOwnAndWithoutADaemonInItsOwn() async throws {
        defer { try? FileManager.default.removeItem(at: database.directory) }
        let backup = directory + "/backup.sqlite"
        do {
            let store = try await storeWithFeeds(["Alpha"])
            #expect(try await store.pragma("page_size") == "\(SQLiteFeedStore.newDatabasePageSize)")
            try backUp(store, to: backup)
            try await add(["Beta"], to: store)
            let queue = try DatabaseQueue(path: backup)
            try await queue.writeWithoutTransaction { db in
                // A page size changes only outside WAL mode, with a VACUUM.
                try db.execute(sql: "PRAGMA journal_mode = DELETE")
                try db.execute(sql: "PRAGMA page_size = 4096")
                try db.execute(sql: "VACUUM")
            }
            try queue.close()

            let report = try await store.restore(from: backup)
            #expect(report.feeds == 1)
            #expect(try await store.feeds().map(\.title) == ["Alpha"])
            #expect(try await store.pragma("page_size") == "\(SQLiteFeedStore.newDatabasePageSize)")
            let left = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".restoring") }
            #expect(left.isEmpty, "\(left)")
        }

        _ = try SQLiteFeedStore.restore(from: backup, into: path)
        let store = try SQLiteFeedStore(path: path, text: .verbatim)
        #expect(try await store.feeds().map(\.title) == ["Alpha"])
        #expect(try await store.pragma("page_size") == "4096")
    }

    // MARK: - With no daemon

    @Test func anOfflineRestoreKeepsTheReplacedDatabaseWithItsLog() async throws {
        defer { try? FileManager.default.removeItem(at: database.directory) }
        let backup = directory + "/backup.sqlite"
        do {
            let store = try await storeWithFeeds(["Alpha"])
            try backUp(store, to: backup)
        }
        // The current database with a log beside it holding a commit, and a stale -shm: as a
        // daemon killed with -9 leaves them.
        let pool = try DatabasePool(path: path)
        try await pool.write { try $0.execute(sql: "UPDATE feed SET title = 'Changed'") }
        let copyOfWAL = try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
        #expect(!copyOfWAL.isEmpty)
        try pool.close()
        try copyOfWAL.write(to: URL(fileURLWithPath: path + "-wal"))
        try Data("stale".utf8).write(to: URL(fileURLWithPath: path + "-shm"))
        let original = try Data(contentsOf: URL(fileURLWithPath: path))

        let report = try SQLiteFeedStore.restore(from: backup, into: path)

        let kept = try #require(report.replacedCopy)
        #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == original)
        #expect(try Data(contentsOf: URL(fileURLWithPath: kept + "-wal")) == copyOfWAL)
        #expect(try titles(at: kept) == ["Changed"])
        for stale in ["-wal", "-shm", "-journal"] {
            #expect(!FileManager.default.fileExists(atPath: path + stale), "\(stale)")
        }
        #expect(!FileManager.default.fileExists(atPath: path + ".restoring"))
        #expect(try integrity(at: path) == "ok")
        #expect(try titles(at: path) == ["Alpha"])
        #expect(report.feeds == 1 && report.items == 1)
        // The daemon opens it as usual.
        let store = try SQLiteFeedStore(path: path, text: .verbatim)
        #expect(try await store.feeds().map(\.title) == ["Alpha"])
    }

    @Test func anOfflineRestoreOverADamagedDatabase() async throws {
        defer { try? FileManager.default.removeItem(at: database.directory) }
        try database.create(fillerFeeds: 400)
        let backup = directory + "/backup.sqlite"
        #expect(copyfile(path, backup))
        let pages = try await DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "PRAGMA page_count") } ?? 0
        try garble(path, page: pages - 3)
        let damaged = try Data(contentsOf: URL(fileURLWithPath: path))

        let report = try SQLiteFeedStore.restore(from: backup, into: path)

        #expect(report.schemaVersion == "v3")
        #expect(try Data(contentsOf: URL(fileURLWithPath: #require(report.replacedCopy))) == damaged)
        let store = try SQLiteFeedStore(path: path, text: .verbatim)
        #expect(try await store.feeds().count == 401)
        // The damaged copy counts among the backups a damaged database names.
        #expect(SQLiteFeedStore.backups(of: path).contains(try #require(report.replacedCopy)))
    }

    @Test func twoRestoreCopiesAreKeptAndMigrationCopiesAreLeftAlone() async throws {
        defer { try? FileManager.default.removeItem(at: database.directory) }
        let backup = directory + "/backup.sqlite"
        do {
            let store = try await storeWithFeeds(["Alpha"])
            try backUp(store, to: backup)
        }
        for name in ["tidings.sqlite.before-v3.bak", "tidings.sqlite.before-restore-20200101T000000.bak",
                     "tidings.sqlite.before-restore-20200101T000000.bak-wal"] {
            _ = FileManager.default.createFile(atPath: directory + "/" + name, contents: Data("old".utf8))
        }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try SQLiteFeedStore.restore(from: backup, into: path, now: now)
        let second = try SQLiteFeedStore.restore(from: backup, into: path, now: now)
        #expect(second.replacedCopy == path + ".before-restore-20270115T080000-2.bak")

        #expect(try files().filter { $0.contains(".bak") } == [
            "tidings.sqlite.before-restore-20270115T080000-2.bak", "tidings.sqlite.before-restore-20270115T080000.bak",
            "tidings.sqlite.before-v3.bak",
        ])
        #expect(first.replacedCopy == path + ".before-restore-20270115T080000.bak")
        // A migration of the restored database prunes migration copies only.
        #expect(SQLiteFeedStore.backups(of: path, named: ".before-v") == [path + ".before-v3.bak"])
    }

    private func copyfile(_ from: String, _ to: String) -> Bool {
        (try? FileManager.default.copyItem(atPath: from, toPath: to)) != nil
    }
}

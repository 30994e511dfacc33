import Glibc
import Foundation
import Testing
import TestSupport

/// `tidings restore BACKUP` as a user runs it: into a running daemon's database, with no daemon
/// (it runs `tidingsd restore`), and refusing a damaged backup. Backups are made the way a user
/// makes them, with `sqlite3 DB ".backup FILE"`. (A restore after the daemon refused a damaged
/// database is in DamagedDatabaseTests.)
@Suite(.timeLimit(.minutes(2)), .enabled(if: ManyFeeds.haveSQLite3, "the sqlite3 tool is missing (make test installs it)"))
struct RestoreTests {
    /// A daemon subscribed to one local feed of `items` items, refreshed.
    private static func daemonWithFeed(
        _ server: TestHTTPServer, items: Int
    ) async throws -> DaemonHarness {
        server.route("/feed.xml", .ok(ManyFeeds.rss(feed: 1, items: items)))
        let daemon = try await DaemonHarness()
        let subscribed = try await daemon.tidings(["subscribe", server.url("/feed.xml")])
        #expect(subscribed.status == 0, "\(subscribed)")
        let refreshed = try await daemon.tidings(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed)")
        return daemon
    }

    /// `sqlite3 DB ".backup FILE"` while the daemon may run: a consistent copy.
    private static func backUp(_ daemon: DaemonHarness) async throws -> String {
        let backup = daemon.directory.appendingPathComponent("backup.sqlite").path
        try await ManyFeeds.sqlite3(daemon.databasePath, ".backup \(backup)")
        return backup
    }

    /// Item titles `tidings list --all` shows.
    private static func listedCount(_ daemon: DaemonHarness) async throws -> Int {
        let listed = try await daemon.tidings(["list", "--all", "--limit", "1000"])
        #expect(listed.status == 0, "\(listed)")
        return listed.out.components(separatedBy: "Feed 1 item ").count - 1
    }

    /// The default config file (`$XDG_CONFIG_HOME/tidings/config.yaml`) naming the harness's
    /// database, as a user's config names theirs: `tidingsd restore`, run by `tidings restore`
    /// without options, reads it.
    static func writeDefaultConfig(of daemon: DaemonHarness) throws {
        let directory = daemon.directory.appendingPathComponent("config/tidings")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "database: \(daemon.databasePath)\n".write(
            to: directory.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)
    }

    /// The `<db>.before-restore-*.bak` beside the database, newest name first.
    static func restoreCopies(of database: String) -> [String] {
        let directory = (database as NSString).deletingLastPathComponent
        let name = (database as NSString).lastPathComponent + ".before-restore-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasPrefix(name) && $0.hasSuffix(".bak") }.sorted(by: >).map { directory + "/" + $0 }
    }

    @Test func aRunningDaemonRestoresIntoItsOpenDatabase() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        let daemon = try await Self.daemonWithFeed(server, items: 5)
        let backup = try await Self.backUp(daemon)
        // Items stored after the backup was taken.
        server.route("/feed.xml", .ok(ManyFeeds.rss(feed: 1, items: 12)))
        let refreshed = try await daemon.tidings(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed)")
        #expect(try await Self.listedCount(daemon) == 12)
        var before = stat()
        #expect(stat(daemon.databasePath, &before) == 0)

        // A relative path, as typed in the directory of the backup.
        let restored = try await ProcessResult.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "cd \"$1\" && exec \"$2\" restore backup.sqlite", "sh", daemon.directory.path, Binaries.client.path],
            environment: DaemonHarness.baseEnvironment(home: daemon.directory.path).merging(["TIDINGS_SOCKET": daemon.socketPath]) { $1 })
        #expect(restored.status == 0, "\(restored)")
        #expect(restored.out.contains("Restored \(daemon.databasePath) from \(backup): 1 feed, 5 items"), "\(restored)")

        #expect(try await Self.listedCount(daemon) == 5)
        // Search answers from the restored items (the index caught up with them).
        let found = try await daemon.tidings(["search", "item", "--limit", "100"])
        #expect(found.status == 0, "\(found)")
        #expect(found.out.components(separatedBy: "Feed 1 item ").count - 1 == 5, "\(found)")
        let status = try await daemon.tidings(["status", "--json"])
        #expect(status.status == 0, "\(status)")
        let fields = try #require(try JSONSerialization.jsonObject(with: status.stdout) as? [String: Any])
        let latest = try await ManyFeeds.sqlite3(backup, "SELECT identifier FROM grdb_migrations ORDER BY rowid DESC LIMIT 1;")
        #expect(fields["schemaVersion"] as? String == latest, "\(status)")
        #expect(fields["items"] as? Int == 5, "\(status)")
        var after = stat()
        #expect(stat(daemon.databasePath, &after) == 0)
        #expect(after.st_ino == before.st_ino, "restored in place: the daemon's open file")

        let kept = try #require(Self.restoreCopies(of: daemon.databasePath).first)
        #expect(restored.out.contains("Kept the database it replaces as \(kept)"), "\(restored)")
        #expect(try await ManyFeeds.integrityCheck(kept) == "ok")
        #expect(try await ManyFeeds.sqlite3(kept, "SELECT COUNT(*) FROM item;") == "12")
        #expect(daemon.log().contains("restored \(daemon.databasePath) from \(backup)"))

        // It goes on working, and the file is sound after a clean stop.
        let again = try await daemon.tidings(["refresh"])
        #expect(again.status == 0, "\(again)")
        #expect(try await Self.listedCount(daemon) == 12)
        #expect(await daemon.stop() == 0)
        #expect(try await ManyFeeds.integrityCheck(daemon.databasePath) == "ok")
    }

    @Test func aRestoreWaitsForTheRefreshInProgress() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        let daemon = try await Self.daemonWithFeed(server, items: 5)
        let backup = try await Self.backUp(daemon)
        // A pass that fetches 12 items, slowly: the restore comes while it runs.
        var slow = TestHTTPResponse.ok(ManyFeeds.rss(feed: 1, items: 12))
        slow.delay = .seconds(4)
        server.route("/feed.xml", slow)
        let fetchesBefore = server.requests(for: "/feed.xml").count
        async let refreshed = daemon.tidings(["refresh"])
        // The pass runs once the server has its request (and holds its answer back).
        let deadline = ContinuousClock.now + .seconds(30)
        while server.requests(for: "/feed.xml").count == fetchesBefore, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(server.requests(for: "/feed.xml").count > fetchesBefore, "the refresh never fetched")

        let restored = try await daemon.tidings(["restore", backup])
        #expect(restored.status == 0, "\(restored)")
        let refresh = try await refreshed
        #expect(refresh.status == 0, "\(refresh)")
        // The restore, asked while the pass waited for the server, ran only after it: the
        // daemon logged the pass's end before the restore (the clients' exits may come in
        // either order).
        let log = daemon.log()
        let passEnded = try #require(log.range(of: "refreshed 1 feed", options: .backwards), "\(log)")
        let restoredAt = try #require(log.range(of: "notice tidingsd: restored "), "\(log)")
        #expect(passEnded.lowerBound < restoredAt.lowerBound, "\(log)")
        // The pass stored its items before the restore began, and the restore put the backup's
        // state back whole: nothing of the pass was written into the restored database.
        #expect(try await Self.listedCount(daemon) == 5)
        let kept = try #require(Self.restoreCopies(of: daemon.databasePath).first)
        #expect(try await ManyFeeds.sqlite3(kept, "SELECT COUNT(*) FROM item;") == "12")
        #expect(await daemon.stop() == 0)
        #expect(try await ManyFeeds.integrityCheck(daemon.databasePath) == "ok")
    }

    @Test func withNoDaemonTidingsRunsTidingsdRestore() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        let daemon = try await Self.daemonWithFeed(server, items: 4)
        let backup = try await Self.backUp(daemon)
        server.route("/feed.xml", .ok(ManyFeeds.rss(feed: 1, items: 9)))
        #expect(try await daemon.tidings(["refresh"]).status == 0)
        #expect(await daemon.stop() == 0)
        try Self.writeDefaultConfig(of: daemon)

        // The harness sets TIDINGS_NO_AUTOSTART=1: restore works without starting a daemon.
        let restored = try await daemon.tidings(["restore", backup])
        #expect(restored.status == 0, "\(restored)")
        #expect(restored.out.contains("Checked \(backup): integrity ok"), "\(restored)")
        #expect(restored.out.contains("Restored \(daemon.databasePath) from \(backup): 1 feed, 4 items"), "\(restored)")
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath), "no daemon was started")
        for stale in ["-wal", "-shm", "-journal", ".restoring"] {
            #expect(!FileManager.default.fileExists(atPath: daemon.databasePath + stale), "\(stale)")
        }
        #expect(try await ManyFeeds.integrityCheck(daemon.databasePath) == "ok")
        let kept = try #require(Self.restoreCopies(of: daemon.databasePath).first)
        #expect(try await ManyFeeds.sqlite3(kept, "SELECT COUNT(*) FROM item;") == "9")

        try await daemon.restart()
        #expect(try await Self.listedCount(daemon) == 4)
        #expect(await daemon.stop() == 0)
    }

    @Test func aDamagedBackupIsRefusedAndNothingChanges() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        let daemon = try await Self.daemonWithFeed(server, items: 300)
        let backup = try await Self.backUp(daemon)
        // Garbage over a leaf page of the backup's item table.
        let leaf = try await ManyFeeds.sqlite3(
            backup, "SELECT pageno FROM dbstat WHERE name = 'item' AND pagetype = 'leaf' ORDER BY pageno LIMIT 1 OFFSET 2;")
        let page = try #require(Int(leaf), "no leaf page: \(leaf)")
        let pageSize = try #require(Int(try await ManyFeeds.sqlite3(backup, "PRAGMA page_size;")))
        let file = try #require(FileHandle(forUpdatingAtPath: backup))
        try file.seek(toOffset: UInt64((page - 1) * pageSize))
        try file.write(contentsOf: Data((0..<2048).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }))
        try file.close()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: backup))

        let refused = try await daemon.tidings(["restore", backup])
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.err.hasPrefix("tidings: cannot restore from \(backup): it fails SQLite's integrity check"), "\(refused)")
        #expect(refused.err.contains("nothing was changed"), "\(refused)")
        #expect(refused.err.split(separator: "\n").count == 1, "\(refused)")
        #expect(Self.restoreCopies(of: daemon.databasePath).isEmpty)
        #expect(try await Self.listedCount(daemon) == 300)
        #expect(try Data(contentsOf: URL(fileURLWithPath: backup)) == bytes)

        // Without a daemon, `tidingsd restore` refuses it the same way.
        #expect(await daemon.stop() == 0)
        let offline = try await ProcessResult.run(
            Binaries.daemon, ["restore", "--database", daemon.databasePath, backup],
            environment: DaemonHarness.baseEnvironment(home: daemon.directory.path))
        #expect(offline.status == 1, "\(offline)")
        #expect(offline.err.hasPrefix("tidingsd: cannot restore from \(backup): it fails SQLite's integrity check"), "\(offline)")
        #expect(Self.restoreCopies(of: daemon.databasePath).isEmpty)
        #expect(try await ManyFeeds.integrityCheck(daemon.databasePath) == "ok")
    }

    @Test func tidingsdRestoreRefusesWhileADaemonRuns() async throws {
        let daemon = try await DaemonHarness()
        let backup = try await Self.backUp(daemon)
        let refused = try await ProcessResult.run(
            Binaries.daemon, ["restore", "--database", daemon.databasePath, backup],
            environment: DaemonHarness.baseEnvironment(home: daemon.directory.path))
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.err == "tidingsd: a tidingsd is running on the database \(daemon.databasePath): run 'tidings restore \(backup)' to restore into it, or stop it first\n", "\(refused)")
        #expect(await daemon.stop() == 0)
    }
}

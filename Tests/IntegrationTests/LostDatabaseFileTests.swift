import Glibc
import Foundation
import Testing
import TestSupport

/// The database file is moved away under a running daemon, the way people do it by hand: a
/// backup moved over the live path, or the file deleted. The daemon notices at its next store
/// call, answers that client with the loss, saves the database it still had open beside the
/// path, and exits 74; the file at the path is left as it was, with no stale write-ahead log
/// beside it, so it opens intact.
@Suite(.timeLimit(.minutes(4)), .enabled(if: ManyFeeds.haveSQLite3, "the sqlite3 tool is missing (make test installs it)"))
struct LostDatabaseFileTests {
    @Test func aBackupMovedOverTheLivePathIsLeftIntactAndServedAfterARestart() async throws {
        let (server, daemon) = try await Self.daemonWithItems(30)
        defer { Task { try? await server.stop() } }
        let database = daemon.databasePath
        // A consistent copy taken while the daemon runs, as `sqlite3 .backup` makes it.
        let backup = daemon.directory.appendingPathComponent("backup.sqlite").path
        try await ManyFeeds.sqlite3(database, ".backup '\(backup)'")
        // Items the backup does not have, in the live database's write-ahead log.
        server.route("/feed.xml", .ok(ManyFeeds.rss(feed: 1, items: 45)))
        #expect(try await daemon.tidings(["refresh"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: database + "-wal"))

        #expect(rename(backup, database) == 0)
        try await Self.expectLoss(
            "the database file \(database) was replaced by another file while tidingsd was running", daemon)

        // What sits at the path is the backup, whole, with no write-ahead log of the old file.
        #expect(!FileManager.default.fileExists(atPath: database + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: database + "-shm"))
        #expect(try await ManyFeeds.integrityCheck(database) == "ok")
        #expect(try await ManyFeeds.sqlite3(database, "SELECT COUNT(*) FROM item;") == "30")
        // The database it had open, with the 15 items since the backup, is kept beside it.
        let saved = try #require(Self.savedCopy(of: database, kind: "replaced"), "\(daemon.log())")
        #expect(daemon.log().contains("saved the database tidingsd had open as \(saved)"))
        #expect(try await ManyFeeds.integrityCheck(saved) == "ok")
        #expect(try await ManyFeeds.sqlite3(saved, "SELECT COUNT(*) FROM item;") == "45")

        // Started again, the daemon serves the backup.
        server.route("/feed.xml", .status(304))
        try await daemon.restart()
        let after = try await daemon.tidings(["list", "--all", "--limit", "100", "--json"])
        #expect(after.status == 0, "\(after)")
        #expect(after.out.components(separatedBy: "\"number\"").count - 1 == 30, "\(after)")
        #expect(await daemon.stop() == 0)
    }

    @Test func aDeletedDatabaseStopsTheNextRefreshAndIsSavedBesideThePath() async throws {
        let (server, daemon) = try await Self.daemonWithItems(20)
        defer { Task { try? await server.stop() } }
        let database = daemon.databasePath
        server.route("/feed.xml", .ok(ManyFeeds.rss(feed: 1, items: 25)))

        #expect(unlink(database) == 0)
        // A refresh pass, which writes, is refused: nothing is written to the deleted file.
        try await Self.expectLoss(
            "the database file \(database) was deleted while tidingsd was running", daemon, asking: ["refresh"])

        // Nothing was made at the path, and the lost file's log went with it.
        for file in [database, database + "-wal", database + "-shm"] {
            #expect(!FileManager.default.fileExists(atPath: file), "\(file)")
        }
        let saved = try #require(Self.savedCopy(of: database, kind: "deleted"), "\(daemon.log())")
        #expect(try await ManyFeeds.integrityCheck(saved) == "ok")
        #expect(try await ManyFeeds.sqlite3(saved, "SELECT COUNT(*) FROM item;") == "20")

        // The next start makes a new database and says where the saved one is; restoring it
        // brings the items back.
        server.route("/feed.xml", .status(304))
        try await daemon.restart()
        #expect(daemon.log().contains(
            "no database at \(database): starting a new, empty one; the newest copy beside it is \(saved) ('tidings restore \(saved)' puts it back)"),
            "\(daemon.log())")
        let restored = try await daemon.tidings(["restore", saved])
        #expect(restored.status == 0, "\(restored)")
        let listed = try await daemon.tidings(["list", "--all", "--limit", "100", "--json"])
        #expect(listed.out.components(separatedBy: "\"number\"").count - 1 == 20, "\(listed)")
        #expect(await daemon.stop() == 0)
    }

    @Test func aDeletedLogRefusesTheNextWriteAndEveryAcknowledgedChangeSurvivesTheRestart() async throws {
        let (server, daemon) = try await Self.daemonWithItems(12)
        defer { Task { try? await server.stop() } }
        let database = daemon.databasePath
        // Changes after the pass's checkpoint: in the write-ahead log only.
        for change in [["tag", "1", "+kept"], ["read", "3", "4"], ["star", "5"], ["rename", "1", "Mine"], ["feed", "set", "1", "user_agent=probe/1"]] {
            let done = try await daemon.tidings(change)
            #expect(done.status == 0, "\(change): \(done)")
        }
        let before = try await UserState.read(database)
        #expect(before.tags.contains("kept") && before.feeds.contains("Mine"), "\(before)")

        #expect(unlink(database + "-wal") == 0)
        let tagged = try await daemon.tidings(["tag", "1", "+afterwal"])
        #expect(tagged.status != 0, "a write into a deleted log is not acknowledged: \(tagged)")
        if tagged.status == 1 {
            #expect(tagged.err.contains("the write-ahead log \(database)-wal of the database was deleted"), "\(tagged)")
        }
        #expect(await daemon.exitStatus(within: .seconds(20)) == 74, "\(daemon.log())")
        #expect(daemon.log().contains("put the database tidingsd had open, with every change it committed, back at \(database)"), "\(daemon.log())")

        // The file at the path has every acknowledged change; the next start serves it.
        #expect(try await ManyFeeds.integrityCheck(database) == "ok")
        #expect(try await UserState.read(database) == before)
        server.route("/feed.xml", .status(304))
        try await daemon.restart()
        let listed = try await daemon.tidings(["list", "--all", "--limit", "100", "--json"])
        #expect(listed.out.components(separatedBy: "\"number\"").count - 1 == 12, "\(listed)")
        #expect(await daemon.stop() == 0)
        #expect(try await UserState.read(database) == before)
    }

    @Test func aFreshDatabaseWhoseLogIsDeletedKeepsItsSubscriptions() async throws {
        // Nothing checkpointed yet: the tables themselves are only in the log.
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/feed.xml", .ok(ManyFeeds.rss(feed: 1, items: 5)))
        let daemon = try await DaemonHarness(config: "refresh_interval: 1h")
        let database = daemon.databasePath
        let subscribed = try await daemon.tidings(["subscribe", server.url("/feed.xml"), "--tag", "first"])
        #expect(subscribed.status == 0, "\(subscribed)")
        let before = try await UserState.read(database)
        #expect(!before.feeds.isEmpty, "\(before)")

        #expect(unlink(database + "-wal") == 0)
        daemon.signal(SIGTERM)  // a clean stop: the periodic check or the stop finds the loss first
        _ = await daemon.exitStatus(within: .seconds(20))
        #expect(try await UserState.read(database) == before, "\(daemon.log())")
    }

    /// The next client is answered with the loss, unless the daemon's own work after the last
    /// refresh (indexing, a checkpoint) found it first and the daemon is gone already; either
    /// way the daemon logs it and exits 74.
    private static func expectLoss(
        _ message: String, _ daemon: DaemonHarness, asking command: [String] = ["list", "--all"]
    ) async throws {
        let listed = try await daemon.tidings(command)
        if listed.status != 3 {
            #expect(listed.status == 1, "\(listed)")
            #expect(listed.err.contains(message), "\(listed)")
        }
        #expect(await daemon.exitStatus(within: .seconds(20)) == 74, "\(daemon.log())")
        #expect(daemon.log().contains(message), "\(daemon.log())")
    }

    /// A daemon whose database holds `count` items of one feed served from 127.0.0.1.
    private static func daemonWithItems(_ count: Int) async throws -> (TestHTTPServer, DaemonHarness) {
        let server = try await TestHTTPServer.start()
        server.route("/feed.xml", .ok(ManyFeeds.rss(feed: 1, items: count)))
        let daemon = try await DaemonHarness()
        let subscribed = try await daemon.tidings(["subscribe", server.url("/feed.xml")])
        #expect(subscribed.status == 0, "\(subscribed)")
        // Joins the pass that fetches the new feed, so its items are stored.
        #expect(try await daemon.tidings(["refresh"]).status == 0)
        return (server, daemon)
    }

    /// The copy the daemon saved beside `database` (`<database>.<kind>-<time>.bak`), if any.
    private static func savedCopy(of database: String, kind: String) -> String? {
        let directory = (database as NSString).deletingLastPathComponent
        let prefix = (database as NSString).lastPathComponent + ".\(kind)-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.first { $0.hasPrefix(prefix) && $0.hasSuffix(".bak") }.map { directory + "/" + $0 }
    }
}

#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// A database that still opens but has garbage in a page of its item table is not served: the
/// daemon's start-up check finds it, and the daemon exits 65 with one line naming the database,
/// the newest backup beside it and how to put the backup back (`tidings restore`), which works.
@Suite(.timeLimit(.minutes(2)), .enabled(if: ManyFeeds.haveSQLite3, "the sqlite3 tool is missing (make test installs it)"))
struct DamagedDatabaseTests {
    @Test func aDatabaseWithAGarbledItemPageIsNotServed() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/feed.xml", .ok(ManyFeeds.rss(feed: 1, items: 300, padding: 1000)))
        let daemon = try await DaemonHarness(logLevel: nil)
        let subscribed = try await daemon.tidings(["subscribe", server.url("/feed.xml")])
        #expect(subscribed.status == 0, "\(subscribed)")
        // Joins the pass that fetches the new feed (or runs one), so its items are stored.
        let refreshed = try await daemon.tidings(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed)")
        #expect(await daemon.stop() == 0)
        let database = daemon.databasePath
        try await ManyFeeds.sqlite3(database, "PRAGMA wal_checkpoint(TRUNCATE);")
        #expect(try await ManyFeeds.sqlite3(database, "SELECT COUNT(*) FROM item;") == "300")

        // A backup as a migration leaves it, taken while the database was sound.
        let backup = database + ".before-v12.bak"
        try FileManager.default.copyItem(atPath: database, toPath: backup)

        // Garbage over the cells of a leaf page of the item table; page 1 (the header and the
        // schema) stays intact, so the file still opens.
        let leaf = try await ManyFeeds.sqlite3(
            database, "SELECT pageno FROM dbstat WHERE name = 'item' AND pagetype = 'leaf' ORDER BY pageno LIMIT 1 OFFSET 2;")
        let page = try #require(Int(leaf), "no leaf page of the item table: \(leaf)")
        #expect(page > 1)
        let pageSize = try #require(Int(try await ManyFeeds.sqlite3(database, "PRAGMA page_size;")))
        let file = try #require(FileHandle(forUpdatingAtPath: database))
        try file.seek(toOffset: UInt64((page - 1) * pageSize))
        try file.write(contentsOf: Data((0..<pageSize / 2).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }))
        try file.close()
        #expect(try await ManyFeeds.sqlite3(database, "SELECT name FROM sqlite_master WHERE name = 'item';") == "item", "still opens")

        let started = try await ProcessResult.run(
            Binaries.daemon, ["run", "--config", daemon.configPath, "--socket", daemon.socketPath, "--database", database],
            environment: DaemonHarness.baseEnvironment(home: daemon.directory.path))
        #expect(started.status == 65, "\(started)")
        let message = started.err
        #expect(message.contains("the database \(database) is damaged and is not served: Page "), "\(started)")
        #expect(message.contains("newest backup: \(backup)"), "\(started)")
        #expect(message.contains("to restore it, run: tidings restore \(backup)"), "\(started)")
        #expect(message.split(separator: "\n").count == 1, "one line: \(started)")
        #expect(!FileManager.default.fileExists(atPath: backup + ".partial"))
        let status = try await daemon.tidings(["status"])
        #expect(status.status != 0, "nothing answers: \(status)")

        // Doing what the message says brings the daemon and the items back: with no daemon
        // running, `tidings restore` runs `tidingsd restore` on the database the default
        // config names, and keeps the damaged file.
        try RestoreTests.writeDefaultConfig(of: daemon)
        let restored = try await daemon.tidings(["restore", backup])
        #expect(restored.status == 0, "\(restored)")
        #expect(restored.out.contains("Restored \(database) from \(backup)"), "\(restored)")
        let kept = try #require(RestoreTests.restoreCopies(of: database).first, "\(restored)")
        #expect(restored.out.contains("Kept the database it replaces as \(kept)"), "\(restored)")
        #expect(try await ManyFeeds.integrityCheck(kept) != "ok", "the damaged file is kept as it was")
        try await daemon.restart()
        let listed = try await daemon.tidings(["list", "--all", "--limit", "1000"])
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.out.components(separatedBy: "Feed 1 item ").count - 1 == 300, "\(listed)")
        #expect(await daemon.stop() == 0)
    }
}

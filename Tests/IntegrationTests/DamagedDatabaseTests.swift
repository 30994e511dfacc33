import Glibc
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

    /// Garbage over item pages of the database a running daemon serves: the first read that
    /// meets them turns the daemon into the damaged state (it answers with the damage, refuses
    /// writes and refreshes, and blames no feed); `status` and `maintenance` name the damage and
    /// the restore command, which, run against the live daemon, mends it.
    @Test func damageFoundWhileServingIsToldAsDamageAndARestoreMendsIt() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/feed.xml", .ok(ManyFeeds.rss(feed: 1, items: 300, padding: 1000)))
        let daemon = try await DaemonHarness(config: "refresh_interval: 1h", logLevel: "info")
        let subscribed = try await daemon.tidings(["subscribe", server.url("/feed.xml")])
        #expect(subscribed.status == 0, "\(subscribed)")
        let database = daemon.databasePath
        try await ManyFeeds.sqlite3(database, "PRAGMA wal_checkpoint(TRUNCATE);")
        let backup = database + ".before-v12.bak"
        try await ManyFeeds.sqlite3(database, ".backup '\(backup)'")
        let feedsBefore = try await daemon.tidings(["feeds", "--json"])

        let leaves = try await ManyFeeds.sqlite3(
            database, "SELECT pageno FROM dbstat WHERE name = 'item' AND pagetype = 'leaf' ORDER BY pageno;")
        let pages = leaves.split(separator: "\n").compactMap { Int($0) }
        #expect(pages.count > 1, "\(leaves)")
        let pageSize = try #require(Int(try await ManyFeeds.sqlite3(database, "PRAGMA page_size;")))
        let file = try #require(FileHandle(forUpdatingAtPath: database))
        for page in pages.dropFirst(1) {
            try file.seek(toOffset: UInt64((page - 1) * pageSize))
            try file.write(contentsOf: Data((0..<pageSize).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }))
        }
        try file.close()
        // Another connection's commit: the daemon's connections drop the pages they cached.
        try await ManyFeeds.sqlite3(database, "CREATE TABLE probe (x); DROP TABLE probe;")

        let listed = try await daemon.tidings(["list", "--all", "--limit", "1000"])
        #expect(listed.status == 1, "\(listed)")
        #expect(listed.err.contains("the database \(database) is damaged and tidingsd writes nothing more to it"), "\(listed)")
        #expect(listed.err.contains("to restore it, run: tidings restore \(backup)"), "\(listed)")
        #expect(await daemon.waitForLog("is damaged and tidingsd writes nothing more to it"), "\(daemon.log())")

        let status = try await daemon.tidings(["status", "--json"])
        #expect(status.status == 1, "\(status)")
        let damage = try #require(try Self.json(status)["damage"] as? [String: Any], "\(status)")
        #expect(damage["restoreCommand"] as? String == "tidings restore \(backup)", "\(damage)")
        #expect(damage["backups"] as? [String] == [backup], "\(damage)")
        #expect((damage["problems"] as? [String])?.first?.contains("malformed") == true, "\(damage)")
        let maintained = try await daemon.tidings(["maintenance", "--json"])
        #expect(maintained.status == 1, "\(maintained)")
        let report = try Self.json(maintained)
        #expect(report["integrity"] as? String == "failed", "\(report)")
        #expect((report["problems"] as? [String])?.contains { $0.contains("btreeInitPage") } == true, "\(report)")
        #expect(maintained.err.contains("tidingsd writes nothing more to it; newest backup: \(backup); to restore it, run: tidings restore \(backup)"), "\(maintained)")
        let marked = try await daemon.tidings(["read", "1"])
        #expect(marked.status == 1 && marked.err.contains("is damaged"), "\(marked)")
        let refreshed = try await daemon.tidings(["refresh"])
        #expect(refreshed.status == 1 && refreshed.err.contains("is damaged"), "\(refreshed)")
        // No feed is blamed for the database's damage.
        let feedsDuring = try await daemon.tidings(["feeds", "--json"])
        #expect(feedsDuring.out == feedsBefore.out, "\(feedsDuring)")

        // The command the messages give, run against the running daemon.
        let restored = try await daemon.tidings(["restore", backup])
        #expect(restored.status == 0, "\(restored)")
        let kept = try #require(RestoreTests.restoreCopies(of: database).first, "\(restored)")
        #expect(try await ManyFeeds.integrityCheck(kept) != "ok", "the damaged database is kept as it was")
        let healthy = try await daemon.tidings(["status", "--json"])
        #expect(healthy.status == 0, "\(healthy)")
        #expect(try Self.json(healthy)["damage"] is NSNull, "\(healthy)")
        let again = try await daemon.tidings(["list", "--all", "--limit", "1000"])
        #expect(again.out.components(separatedBy: "Feed 1 item ").count - 1 == 300, "\(again)")
        #expect(try await daemon.tidings(["read", "1"]).status == 0)
        #expect(await daemon.stop() == 0)
    }

    private static func json(_ result: ProcessResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result)")
    }
}

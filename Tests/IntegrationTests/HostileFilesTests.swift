import Glibc
import Foundation
import Testing
import TestSupport

/// Files someone hands over stay data: an OPML blogroll or a newsboat `urls` file with command
/// feeds, and a backup that subscribes to one. Every command here runs `/bin/sh -c 'touch …'`,
/// as a hostile file would: the marker must never appear unless the user allowed it.
@Suite(.timeLimit(.minutes(3)))
struct HostileFilesTests {
    /// A scratch directory for the marker the hostile commands create, outside every daemon.
    final class Scratch: Sendable {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-hostile-\(UUID().uuidString.prefix(8))").path
        var marker: String { path + "/pwned" }
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        var wasRun: Bool { FileManager.default.fileExists(atPath: marker) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// The feeds the daemon has, by URL.
    static func urls(_ daemon: DaemonHarness) async throws -> [String] {
        let result = try await daemon.tidings(["feeds", "--json"])
        let document = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
        return (document?["feeds"] as? [[String: Any]] ?? []).compactMap { $0["url"] as? String }
    }

    /// A blogroll with one real feed and the command feeds of every form OPML readers write:
    /// Liferea's `xmlUrl="|…"`, newsboat's `filtercmd`, and `exec:`/`filter:` spelt in the URL,
    /// in any case.
    static func opml(feed: String, marker: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml version="2.0"><head><title>Awesome feeds</title></head><body>
          <outline text="Tech">
            <outline type="rss" text="Real" xmlUrl="\(feed)"/>
            <outline type="rss" text="Pipe" xmlUrl="|/bin/sh -c 'touch \(marker); echo &lt;rss/&gt;'"/>
            <outline type="rss" text="Filter" xmlUrl="\(feed)" filtercmd="/bin/sh -c 'touch \(marker); cat'"/>
            <outline type="rss" text="Exec" xmlUrl="EXEC:/bin/sh -c 'touch \(marker)'"/>
            <outline type="rss" text="Filter2" xmlUrl="filter:/usr/bin/env:\(feed)"/>
          </outline>
        </body></opml>
        """
    }

    @Test func anImportedFileSubscribesToNoCommandUnlessAllowed() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/feed.xml", .ok(CommandFeedsTests.feed("Real", items: ["one"])))
        let scratch = try Scratch()
        let daemon = try await DaemonHarness()
        let feed = server.url("/feed.xml")
        let blogroll = daemon.directory.appendingPathComponent("blogroll.opml")
        try Self.opml(feed: feed, marker: scratch.marker).write(to: blogroll, atomically: true, encoding: .utf8)
        let urls = daemon.directory.appendingPathComponent("urls")
        try """
            \(feed) news
            "exec:/bin/sh -c 'touch \(scratch.marker)'" evil
            "filter:/bin/sh -c 'touch \(scratch.marker); cat':\(feed)"
            "Exec:/usr/bin/touch \(scratch.marker)"

            """.write(to: urls, atomically: true, encoding: .utf8)

        let fromOPML = try await daemon.tidings(["import", blogroll.path])
        #expect(fromOPML.status == 0, "\(fromOPML)")
        #expect(fromOPML.out.contains("Imported 1 feed (4 skipped)"), "\(fromOPML)")
        // One line per command, naming it and what the user can do.
        let notes = fromOPML.err.split(separator: "\n").filter { $0.contains("a command feed runs a program") }
        #expect(notes.count == 4, "\(fromOPML)")
        #expect(notes.allSatisfy { $0.contains("--allow-commands") })
        #expect(fromOPML.err.contains("skipped Pipe: exec:/bin/sh -c 'touch \(scratch.marker); echo <rss/>'"), "\(fromOPML)")
        let fromURLs = try await daemon.tidings(["import", urls.path])
        #expect(fromURLs.status == 0 && fromURLs.out.contains("Imported 0 feeds (1 already subscribed, 3 skipped)"), "\(fromURLs)")
        #expect(fromURLs.err.contains("skipped line 2: exec:/bin/sh -c 'touch \(scratch.marker)': a command feed"), "\(fromURLs)")
        let json = try await daemon.tidings(["import", "--json", urls.path])
        let document = try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any]
        #expect((document?["skipped"] as? [[String: Any]])?.count == 3, "\(json)")

        let refreshed = try await daemon.tidings(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed)")
        #expect(try await Self.urls(daemon) == [feed])
        #expect(!scratch.wasRun, "a command of the file ran")
        #expect(await daemon.stop() == 0)
    }

    /// `--allow-commands` is the user saying they read the commands: each is subscribed and
    /// named as it is.
    @Test func allowedCommandsAreSubscribedAndNamed() async throws {
        let scratch = try Scratch()
        let daemon = try await DaemonHarness()
        let urls = daemon.directory.appendingPathComponent("urls")
        try "\"exec:/bin/sh -c 'touch \(scratch.marker); echo <rss/>'\"\n".write(to: urls, atomically: true, encoding: .utf8)
        let imported = try await daemon.tidings(["import", "--allow-commands", urls.path])
        #expect(imported.status == 0 && imported.out.contains("Imported 1 feed"), "\(imported)")
        #expect(imported.err.contains("subscribed command feed 1: exec:/bin/sh -c 'touch \(scratch.marker); echo <rss/>' (runs at every refresh)"), "\(imported)")
        #expect(await daemon.waitForLog("import: command feeds subscribed"), "\(daemon.log())")
        #expect(await daemon.stop() == 0)
    }

    /// A backup someone hands over is a database that may subscribe to command feeds: refused,
    /// naming them, live and with no daemon running; restored only with `--allow-commands`.
    @Test(.enabled(if: ManyFeeds.haveSQLite3, "the sqlite3 tool is missing (make test installs it)"))
    func aBackupThatSubscribesToCommandsIsRefusedUnlessAllowed() async throws {
        let scratch = try Scratch()
        let attacker = try await DaemonHarness()
        let urls = attacker.directory.appendingPathComponent("urls")
        try "\"exec:/bin/sh -c 'touch \(scratch.marker); echo <rss/>'\" planted\n".write(to: urls, atomically: true, encoding: .utf8)
        #expect(try await attacker.tidings(["import", "--allow-commands", urls.path]).status == 0)
        let backup = scratch.path + "/handed-over.sqlite"
        try await ManyFeeds.sqlite3(attacker.databasePath, ".backup \(backup)")
        #expect(await attacker.stop() == 0)
        try? FileManager.default.removeItem(atPath: scratch.marker)

        let victim = try await DaemonHarness()
        let live = try await victim.tidings(["restore", backup])
        #expect(live.status == 1, "\(live)")
        #expect(live.err.contains("it subscribes to a command feed, which runs a program at every refresh (exec:/bin/sh -c 'touch \(scratch.marker); echo <rss/>')"), "\(live)")
        #expect(live.err.contains("--allow-commands") && live.err.contains("nothing was changed"), "\(live)")
        #expect(try await Self.urls(victim).isEmpty)
        #expect(await victim.stop() == 0)

        // With no daemon running, `tidings restore` runs `tidingsd restore`, which refuses too.
        let offline = try await victim.tidings(["restore", backup])
        #expect(offline.status == 1 && offline.err.contains("it subscribes to a command feed"), "\(offline)")
        let allowed = try await victim.tidings(["restore", "--allow-commands", backup])
        #expect(allowed.status == 0, "\(allowed)")
        #expect(!scratch.wasRun, "the backup's command ran")
    }
}

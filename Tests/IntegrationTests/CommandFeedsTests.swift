import Glibc
import Foundation
import Testing
import TestSupport

/// newsboat's command feeds in the real daemon: `exec:` runs a program whose stdout is the
/// feed, `filter:` pipes a fetched document through one. The programs here are `#!/bin/sh`
/// scripts the test writes (theirs to use); Tidings runs each with an argv, never a shell, so
/// feed data and arguments never become shell syntax.
@Suite(.timeLimit(.minutes(3)))
struct CommandFeedsTests {
    /// An RSS feed titled `title` with one item per entry of `items`.
    static func feed(_ title: String, items: [String]) -> String {
        let entries = items.map { item in
            "<item><title>\(item)</title><guid>urn:cmd:\(item)</guid><link>https://example.org/\(item)</link></item>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>\(title)</title><link>https://example.org/</link>
            \(entries.joined(separator: "\n"))
            </channel></rss>
            """
    }

    /// Writes an executable script `~/bin/NAME` in the daemon's home.
    static func script(_ daemon: DaemonHarness, _ name: String, _ body: String) throws {
        let bin = daemon.directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let path = bin.appendingPathComponent(name).path
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
    }

    /// The feeds as `feeds --json` lists them.
    static func feeds(_ daemon: DaemonHarness) async throws -> [[String: Any]] {
        let result = try await daemon.tidings(["feeds", "--json"])
        #expect(result.status == 0, "\(result)")
        let document = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
        return document?["feeds"] as? [[String: Any]] ?? []
    }

    static func titles(_ daemon: DaemonHarness) async throws -> [String] {
        let result = try await daemon.tidings(["list", "--json"])
        let document = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
        return (document?["items"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }.sorted()
    }

    @Test func anExecFeedIsItsProgramsOutputAndNothingReachesAShell() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-cmd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let pwned = scratch.appendingPathComponent("pwned").path
        let daemon = try await DaemonHarness()
        // The feed's title and items carry shell syntax; the program prints its arguments as items.
        try Self.script(daemon, "feed", """
            n=$(cat ~/count 2>/dev/null || echo 0); n=$((n+1)); echo $n > ~/count
            echo '<?xml version="1.0"?><rss version="2.0"><channel><title>$(touch \(pwned)) news</title>'
            for a in "$@"; do echo "<item><title>arg $a</title><guid>urn:$a</guid></item>"; done
            echo "<item><title>run $n</title><guid>urn:run:$n</guid></item></channel></rss>"
            """)

        let subscribed = try await daemon.tidings(["subscribe", "exec:~/bin/feed 'x;touch \(pwned)' plain"])
        #expect(subscribed.status == 0, "\(subscribed)\n\(daemon.log())")
        var feeds = try await Self.feeds(daemon)
        #expect(feeds.first?["url"] as? String == "exec:~/bin/feed 'x;touch \(pwned)' plain")
        #expect(feeds.first?["title"] as? String == "$(touch \(pwned)) news")
        #expect(try await Self.titles(daemon) == ["arg plain", "arg x;touch \(pwned)", "run 1"])

        let refreshed = try await daemon.tidings(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed)\n\(daemon.log())")
        #expect(try await Self.titles(daemon).contains("run 2"), "\(daemon.log())")

        // The same command spelt otherwise is the same feed; shell syntax is refused, unrun.
        let again = try await daemon.tidings(["subscribe", #"exec:~/bin/feed   "x;touch \#(pwned)" 'plain'"#])
        #expect(again.status != 0 && again.err.contains("already"), "\(again)")
        let unquoted = try await daemon.tidings(["subscribe", "exec:~/bin/feed ;touch \(pwned)"])
        #expect(unquoted.status != 0 && unquoted.err.contains("without a shell"), "\(unquoted)")
        let relative = try await daemon.tidings(["subscribe", "exec:bin/feed"])
        #expect(relative.status != 0 && relative.err.contains("absolute path"), "\(relative)")
        feeds = try await Self.feeds(daemon)
        #expect(feeds.count == 1)
        #expect(!FileManager.default.fileExists(atPath: pwned), "\(daemon.log())")
        #expect(await daemon.stop() == 0)
    }

    @Test func aFilterFeedPipesTheDocumentThroughItsProgram() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/feed.xml", .ok(Self.feed("Original title", items: ["original-one", "original-two"])))
        let daemon = try await DaemonHarness()
        let address = "filter:sed -e s/original/filtered/g -e 's/Original title/Filtered title/':\(server.url("/feed.xml"))"
        let subscribed = try await daemon.tidings(["subscribe", address, "--tag", "cleaned"])
        #expect(subscribed.status == 0, "\(subscribed)\n\(daemon.log())")
        let feeds = try await Self.feeds(daemon)
        #expect(feeds.first?["title"] as? String == "Filtered title")
        #expect(feeds.first?["url"] as? String == address)
        #expect(try await Self.titles(daemon) == ["filtered-one", "filtered-two"])

        server.route("/feed.xml", .ok(Self.feed("Original title", items: ["original-one", "original-two", "original-three"])))
        let refreshed = try await daemon.tidings(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed)\n\(daemon.log())")
        #expect(try await Self.titles(daemon) == ["filtered-one", "filtered-three", "filtered-two"])
        #expect(await daemon.stop() == 0)
    }

    /// A program that hangs is killed at the transfer timeout, one that prints without end at the
    /// feed size limit; the other feeds of the same refresh are refreshed all the same, and the
    /// daemon stays up.
    @Test func hangingAndFloodingProgramsFailAloneAndTheRefreshGoesOn() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/web.xml", .ok(Self.feed("Web", items: ["web-1"])))
        let daemon = try await DaemonHarness(config: "transfer_timeout: 2s\nmax_feed_size: 64KiB")
        try Self.script(daemon, "hangs", """
            if [ -e ~/misbehave ]; then sleep 600; fi
            echo '\(Self.feed("Hangs", items: ["hangs-1"]))'
            """)
        try Self.script(daemon, "floods", """
            if [ -e ~/misbehave ]; then head -c 100000000 /dev/zero; fi
            echo '\(Self.feed("Floods", items: ["floods-1"]))'
            """)
        for address in ["exec:~/bin/hangs", "exec:~/bin/floods", server.url("/web.xml")] {
            let subscribed = try await daemon.tidings(["subscribe", address])
            #expect(subscribed.status == 0, "\(subscribed)\n\(daemon.log())")
        }
        server.route("/web.xml", .ok(Self.feed("Web", items: ["web-1", "web-2"])))
        _ = FileManager.default.createFile(atPath: daemon.directory.appendingPathComponent("misbehave").path, contents: nil)

        let refreshed = try await daemon.tidings(["refresh", "--json"])
        let document = try JSONSerialization.jsonObject(with: refreshed.stdout) as? [String: Any]
        let outcomes = document?["outcomes"] as? [[String: Any]] ?? []
        let errors = Dictionary(uniqueKeysWithValues: outcomes.map { ($0["url"] as? String ?? "", $0["error"] as? String ?? "") })
        #expect(errors["exec:~/bin/hangs"] == "exec:~/bin/hangs timed out after 2 s", "\(refreshed)\n\(daemon.log())")
        #expect(errors["exec:~/bin/floods"] == "exec:~/bin/floods printed more than 64 KiB: stopped it", "\(refreshed)")
        #expect(errors[server.url("/web.xml")] == "", "\(refreshed)")
        #expect(try await Self.titles(daemon).contains("web-2"))
        #expect(daemon.isRunning)
        #expect(try await daemon.tidings(["status"]).status == 0)
        // Nothing the programs started is left running.
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        #expect(!processes.contains { entry in
            guard Int32(entry) != nil, let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return false }
            return String(decoding: command, as: UTF8.self).contains(daemon.directory.path + "/bin/")
        })
        #expect(await daemon.stop() == 0)
    }

    /// A newsboat `urls` file with web, `exec:` and `filter:` feeds and their tags comes back
    /// from `export --format newsboat` as it went in, and an OPML export carries the commands
    /// to a fresh daemon (as `xmlUrl="|…"` and `filtercmd`, which newsboat reads too).
    @Test func newsboatAndOPMLRoundTripsKeepCommandFeeds() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/feed.xml", .ok(Self.feed("Web", items: ["web-1"])))
        let first = try await DaemonHarness()
        let urls = """
            \(server.url("/feed.xml")) news
            "exec:~/bin/feed --name 'a b'" scripts "~My exec"
            "filter:sed s/web/filtered/:\(server.url("/feed.xml"))" cleaned

            """
        let file = first.directory.appendingPathComponent("urls")
        try urls.write(to: file, atomically: true, encoding: .utf8)
        let imported = try await first.tidings(["import", "--allow-commands", file.path])
        #expect(imported.status == 0 && !imported.err.contains("skipped"), "\(imported)")
        #expect(imported.err.contains("subscribed command feed 2: exec:~/bin/feed --name 'a b' (runs at every refresh)"), "\(imported)")
        #expect(imported.err.contains("subscribed command feed 3: filter:sed s/web/filtered/:"), "\(imported)")

        let newsboat = try await first.tidings(["export", "--format", "newsboat"])
        #expect(newsboat.status == 0, "\(newsboat)")
        #expect(newsboat.out == urls, "\(newsboat)")

        let opml = try await first.tidings(["export"])
        #expect(opml.out.contains(#"xmlUrl="|~/bin/feed --name &apos;a b&apos;""#) || opml.out.contains(#"xmlUrl="|~/bin/feed --name 'a b'""#), "\(opml)")
        #expect(opml.out.contains(#"xmlUrl="\#(server.url("/feed.xml"))" filtercmd="sed s/web/filtered/""#), "\(opml)")
        let opmlFile = first.directory.appendingPathComponent("feeds.opml")
        try opml.stdout.write(to: opmlFile)
        // The OPML file lists feeds by folder (tag), so the second daemon numbers them so.
        let before = try await Self.feeds(first).map { "\($0["url"] ?? "") \($0["tags"] ?? "")" }.sorted()
        #expect(await first.stop() == 0)

        let second = try await DaemonHarness()
        // Without --allow-commands the commands are named and skipped; with it, subscribed.
        let skipped = try await second.tidings(["import", opmlFile.path])
        #expect(skipped.status == 0 && skipped.out.contains("Imported 1 feed (2 skipped)"), "\(skipped)")
        #expect(skipped.err.contains("exec:~/bin/feed --name 'a b': a command feed runs a program"), "\(skipped)")
        #expect(try await Self.feeds(second).count == 1)
        let again = try await second.tidings(["import", "--allow-commands", opmlFile.path])
        #expect(again.status == 0, "\(again)")
        let after = try await Self.feeds(second).map { "\($0["url"] ?? "") \($0["tags"] ?? "")" }.sorted()
        #expect(after == before, "\(opml.out)")
        let exported = try await second.tidings(["export", "--format", "newsboat"])
        #expect(exported.out.split(separator: "\n").sorted() == urls.split(separator: "\n").sorted(), "\(exported)")
        #expect(await second.stop() == 0)
    }
}

import Glibc
import Foundation
import Testing
import TestSupport

/// `on_new_items` hooks and `notify` in the real daemon: the new items reach a hook only as JSON
/// on its stdin, and a hook that hangs or fails never affects the refresh.
@Suite(.timeLimit(.minutes(3)))
struct HooksTests {
    /// An RSS feed; `name` keeps links and guids apart from other feeds' (the same link in two
    /// feeds makes the items duplicates, listed once).
    static func feed(_ name: String, titles: [String]) -> String {
        let items = titles.enumerated().map { index, title in
            """
            <item><title>\(title.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;"))</title>
            <guid>urn:hook:\(name):\(index)</guid><link>https://example.org/\(name)/\(index)</link></item>
            """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Hooked</title><link>https://example.org/</link>
            \(items.joined(separator: "\n"))
            </channel></rss>
            """
    }

    /// Waits until `path` holds a whole JSON document (the hook may still be writing it).
    static func document(at path: String, timeout: Duration = .seconds(10)) async -> [String: Any]? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let data = FileManager.default.contents(atPath: path),
               let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
                return document
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    @Test func hooksGetTheNewItemsAsDataWhileHangingAndFailingHooksLeaveTheRefreshAlone() async throws {
        let marker = "/tmp/pwned-\(UUID().uuidString)"
        let hostile = ["$(touch \(marker))", "'; rm -rf ~ #", "`touch \(marker)`"]
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/feed.xml", .ok(Self.feed("hostile", titles: [])))
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-hooks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("items.json").path
        let daemon = try await DaemonHarness(config: """
            on_new_items:
              - [/bin/cp, /dev/stdin, \(output)]
              - {command: [/bin/sleep, "600"], timeout: 15s}
              - [/bin/false]
            """)

        let subscribed = try await daemon.tidings(["subscribe", server.url("/feed.xml")])
        #expect(subscribed.status == 0, "\(subscribed)")
        server.route("/feed.xml", .ok(Self.feed("hostile", titles: hostile)))
        let refreshed = try await daemon.tidings(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed)")
        // The refresh answered while the hanging hook still ran (no timing threshold: its
        // timeout is 15 s, and the log says when it was killed).
        #expect(!daemon.log().contains("hook on_new_items[1] timed out"), "the refresh waited for the hooks")

        let document = try #require(await Self.document(at: output), "\(daemon.log())")
        let problems = try JSONSchemaValidator(schema: "list.json").problems(in: try Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(problems.isEmpty, "\(problems)")
        let titles = (document["items"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        #expect(Set(titles) == Set(hostile), "\(document)")

        #expect(await daemon.waitForLog("hook on_new_items[1] timed out after 15 s: killed", timeout: .seconds(60)), "\(daemon.log())")
        #expect(await daemon.waitForLog("hook on_new_items[2] failed: exited with status 1", timeout: .seconds(30)), "\(daemon.log())")
        #expect(!FileManager.default.fileExists(atPath: marker), "a title was run as a command")
        // The daemon still serves and refreshes after all that.
        let again = try await daemon.tidings(["refresh"])
        #expect(again.status == 0, "\(again)")
        #expect(daemon.isRunning)
        #expect(await daemon.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    /// A daemon with `notify: true` whose `notify-send` is a stand-in in `bin` that records its
    /// arguments, one per line, in `output` (written once it has them all).
    static func notifyingDaemon(bin: URL) async throws -> (daemon: DaemonHarness, output: String) {
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fake = bin.appendingPathComponent("notify-send").path
        let daemon = try await DaemonHarness(config: "notify: true", environment: ["PATH": "\(bin.path):/usr/bin:/bin"])
        let output = daemon.directory.appendingPathComponent("arguments").path
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > \(output).part && mv \(output).part \(output)\n"
            .write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        return (daemon, output)
    }

    /// Subscribes `daemon` to the feeds `/NAME.xml` of `server`, empty at first, then serves
    /// them with these titles and refreshes: one pass that stores new items, which runs the hooks.
    static func storeNewItems(_ feeds: [(name: String, titles: [String])], daemon: DaemonHarness, server: TestHTTPServer) async throws {
        for (name, _) in feeds {
            server.route("/\(name).xml", .ok(Self.feed(name, titles: [])))
            let subscribed = try await daemon.tidings(["subscribe", server.url("/\(name).xml")])
            #expect(subscribed.status == 0, "\(subscribed)")
        }
        for (name, titles) in feeds { server.route("/\(name).xml", .ok(Self.feed(name, titles: titles))) }
        let refreshed = try await daemon.tidings(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed)")
    }

    /// The lines `notify-send` was given, once it has run (at most `timeout`).
    static func notification(at output: String, timeout: Duration = .seconds(10)) async throws -> [Substring] {
        let deadline = ContinuousClock.now + timeout
        while !FileManager.default.fileExists(atPath: output), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        return try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    }

    @Test func notifySumsUpAPassThroughNotifySend() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-notify-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: bin) }
        let (daemon, output) = try await Self.notifyingDaemon(bin: bin)
        try await Self.storeNewItems([("a", ["One", "Two $(id)"]), ("b", ["Three & four"])], daemon: daemon, server: server)

        let lines = try await Self.notification(at: output)
        // argv: --app-name, --, the summary, then the body (the newest titles, one per line).
        #expect(lines.count >= 6 && lines[0] == "--app-name=Tidings" && lines[1] == "--" && lines[2] == "3 new items in 2 feeds", "\(lines)\n\(daemon.log())")
        #expect(Set(lines.dropFirst(3).prefix(3)) == ["One", "Two $(id)", "Three &amp; four"], "\(lines)\n\(daemon.log())")
        #expect(await daemon.waitForLog("hook notify finished"), "\(daemon.log())")
        #expect(await daemon.stop() == 0)
    }

    /// A feed titles its item `--urgency=critical` (or `-w`, `--icon=…`, `--help`): notify-send
    /// must read it as text. The stand-in reads its argv as GLib's option parser does (every
    /// word starting with `-` is an option, until `--`).
    @Test func titlesNeverBecomeOptionsOfNotifySend() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-notify-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: bin) }
        let (daemon, output) = try await Self.notifyingDaemon(bin: bin)
        try #"""
            #!/bin/sh
            out=\#(output)
            while [ $# -gt 0 ]; do
              case "$1" in
                --) shift; break ;;
                -?*) printf 'option %s\n' "$(printf '%s' "$1" | tr '\n' '|')" >> "$out.part" ;;
                *) printf 'text %s\n' "$(printf '%s' "$1" | tr '\n' '|')" >> "$out.part" ;;
              esac
              shift
            done
            for word in "$@"; do printf 'text %s\n' "$(printf '%s' "$word" | tr '\n' '|')" >> "$out.part"; done
            mv "$out.part" "$out"
            """#.write(toFile: bin.appendingPathComponent("notify-send").path, atomically: true, encoding: .utf8)
        chmod(bin.appendingPathComponent("notify-send").path, 0o755)
        try await Self.storeNewItems([("hostile", ["--urgency=critical"])], daemon: daemon, server: server)

        let lines = try await Self.notification(at: output)
        #expect(lines == ["option --app-name=Tidings", "text 1 new item in 1 feed", "text --urgency=critical", ""], "\(lines)\n\(daemon.log())")
        #expect(await daemon.waitForLog("hook notify finished"), "\(daemon.log())")
        #expect(await daemon.stop() == 0)
    }

    /// Titles of hundreds of kilobytes (notify-send could not start with an argument over
    /// 128 KiB) reach the notification shortened.
    @Test func notifyShortensLongTitles() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-notify-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: bin) }
        let (daemon, output) = try await Self.notifyingDaemon(bin: bin)
        try await Self.storeNewItems([("long", [String(repeating: "&", count: 150 * 1024), "Short"])], daemon: daemon, server: server)

        let lines = try await Self.notification(at: output)
        #expect(lines.count >= 5 && lines[2] == "2 new items in 1 feed", "\(lines.prefix(3))\n\(daemon.log())")
        #expect(lines.contains("Short") && lines.contains(Substring(String(repeating: "&amp;", count: 199) + "…")), "\(lines)")
        #expect(await daemon.waitForLog("hook notify finished"), "\(daemon.log())")
        #expect(await daemon.stop() == 0)
    }

    /// A hook that starts a background child and exits: the child ends with it. (No timing
    /// threshold on the hook: a child left running would sleep for five minutes.)
    @Test func whatAHookLeavesRunningEndsWithIt() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-forks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let pidFile = scratch.appendingPathComponent("child.pid").path
        let daemon = try await DaemonHarness(config: """
            on_new_items:
              - [/bin/sh, -c, 'sleep 300 & echo $! > \(pidFile); exit 0']
            """)
        try await Self.storeNewItems([("forks", ["New"])], daemon: daemon, server: server)

        #expect(await daemon.waitForLog("hook on_new_items[0] finished", timeout: .seconds(30)), "\(daemon.log())")
        #expect(daemon.log().contains("hook on_new_items[0] left processes running in its process group: ended them"), "\(daemon.log())")
        let text = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let child = try #require(Int32(text), "\(text)")
        defer { kill(child, SIGKILL) }
        // Ended by the daemon and then reaped by whoever adopted it: gone for kill(2).
        let deadline = ContinuousClock.now + .seconds(10)
        while kill(child, 0) == 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(kill(child, 0) == -1 && errno == ESRCH, "the hook's background child \(child) still exists")
        #expect(await daemon.stop() == 0)
    }

    @Test func aReloadChangesTheHooks() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/feed.xml", .ok(Self.feed("reload", titles: [])))
        let daemon = try await DaemonHarness()
        let subscribed = try await daemon.tidings(["subscribe", server.url("/feed.xml")])
        #expect(subscribed.status == 0, "\(subscribed)")
        let output = daemon.directory.appendingPathComponent("items.json").path

        try daemon.writeConfig("on_new_items:\n  - [/bin/cp, /dev/stdin, \(output)]")
        daemon.signal(SIGHUP)
        #expect(await daemon.waitForLog("configuration reloaded: on_new_items [] → [/bin/cp /dev/stdin \(output)]"), "\(daemon.log())")
        server.route("/feed.xml", .ok(Self.feed("reload", titles: ["After the reload"])))
        let refreshed = try await daemon.tidings(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed)")
        let document = try #require(await Self.document(at: output), "\(daemon.log())")
        #expect((document["items"] as? [[String: Any]])?.first?["title"] as? String == "After the reload")
        #expect(await daemon.stop() == 0)
    }
}

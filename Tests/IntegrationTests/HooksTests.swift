#if canImport(Glibc)
import Glibc
#endif
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

    @Test func notifySumsUpAPassThroughNotifySend() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/a.xml", .ok(Self.feed("a", titles: [])))
        server.route("/b.xml", .ok(Self.feed("b", titles: [])))
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-notify-\(UUID().uuidString)")
        let bin = scratch.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("arguments").path
        // A stand-in for notify-send that records its arguments, one per line.
        let fake = bin.appendingPathComponent("notify-send").path
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > \(output).part && mv \(output).part \(output)\n"
            .write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let daemon = try await DaemonHarness(config: "notify: true", environment: ["PATH": "\(bin.path):/usr/bin:/bin"])

        for path in ["/a.xml", "/b.xml"] {
            let subscribed = try await daemon.tidings(["subscribe", server.url(path)])
            #expect(subscribed.status == 0, "\(subscribed)")
        }
        server.route("/a.xml", .ok(Self.feed("a", titles: ["One", "Two $(id)"])))
        server.route("/b.xml", .ok(Self.feed("b", titles: ["Three & four"])))
        let refreshed = try await daemon.tidings(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed)")

        let deadline = ContinuousClock.now + .seconds(10)
        while !FileManager.default.fileExists(atPath: output), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        // argv: --app-name, the summary, then the body (the newest titles, one per line).
        #expect(lines.count >= 5 && lines[0] == "--app-name=Tidings" && lines[1] == "3 new items in 2 feeds", "\(lines)\n\(daemon.log())")
        #expect(Set(lines.dropFirst(2).prefix(3)) == ["One", "Two $(id)", "Three &amp; four"], "\(lines)\n\(daemon.log())")
        #expect(await daemon.waitForLog("hook notify finished"), "\(daemon.log())")
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

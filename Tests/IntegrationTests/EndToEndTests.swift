import Foundation
import Testing
import TestSupport

/// subscribe → fetch → parse → store → list → open → refresh, through the real binaries.
@Suite(.timeLimit(.minutes(2)))
struct EndToEndTests {
    static func fixture(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test func subscribeListOpenRefresh() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        let rss = try Self.fixture("rss2.xml")
        server.route("/rss.xml", .ok(rss))
        server.route("/atom.xml", .ok(try Self.fixture("atom.xml"), contentType: "application/atom+xml"))
        let daemon = try await DaemonHarness()

        let subscribed = try await daemon.tidings(["subscribe", server.url("/rss.xml")])
        #expect(subscribed.status == 0, "\(subscribed)")
        #expect(subscribed.out.contains("Planet Terminal"), "\(subscribed)")
        #expect(subscribed.out.contains("3 items"), "\(subscribed)")
        let atom = try await daemon.tidings(["subscribe", server.url("/atom.xml")])
        #expect(atom.status == 0, "\(atom)")
        #expect(atom.out.contains("Kernel Notes"), "\(atom)")
        #expect(atom.out.contains("2 items"), "\(atom)")

        // Plain listing: newest unread first, numbered.
        let list = try await daemon.tidings(["list"])
        #expect(list.status == 0, "\(list)")
        let lines = list.out.split(separator: "\n")
        #expect(lines.count == 5, "\(list)")
        #expect(lines.first?.contains("Tiling window managers, revisited") == true, "\(list)")
        #expect(lines.last?.contains("Shell history tricks") == true, "\(list)")
        #expect(list.out.contains("Scheduler <em>news</em>") || list.out.contains("Scheduler news"), "\(list)")

        // JSON listing: the documented schema.
        let json = try await daemon.tidings(["list", "--json"])
        #expect(json.status == 0, "\(json)")
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.count == 5)
        for item in items {
            for key in ["number", "title", "link", "feed", "published", "read"] {
                #expect(item.keys.contains(key), "missing \(key) in \(item)")
            }
        }
        let tiling = try #require(items.first { ($0["title"] as? String)?.hasPrefix("Tiling") == true })
        #expect(tiling["link"] as? String == "https://planet.example.org/2026/11/tiling-revisited")
        #expect(tiling["feed"] as? String == "Planet Terminal")
        #expect(tiling["published"] as? String == "2026-11-21T18:30:00Z")
        #expect(tiling["read"] as? Bool == false)
        let history = try #require(items.first { ($0["title"] as? String) == "Shell history tricks" })
        // A relative link is resolved against the feed's URL.
        #expect(history["link"] as? String == server.url("/2026/11/shell-history"))
        #expect(history["published"] as? String == "2026-11-16T11:15:00Z")

        // open: the browser gets the link as one argv word, and the item becomes read.
        let number = try #require(tiling["number"] as? Int)
        let browser = try BrowserScript(in: daemon.directory)
        let opened = try await daemon.tidings(["open", "\(number)"], environment: ["BROWSER": browser.command])
        #expect(opened.status == 0, "\(opened)")
        #expect(try browser.recordedArguments() == ["https://planet.example.org/2026/11/tiling-revisited"])
        let afterOpen = try await daemon.tidings(["list", "--json", "--all"])
        let all = try #require(try JSONSerialization.jsonObject(with: afterOpen.stdout) as? [String: Any])
        let state = try #require((all["items"] as? [[String: Any]])?.first { $0["number"] as? Int == number })
        #expect(state["read"] as? Bool == true)
        let unread = try await daemon.tidings(["list"])
        #expect(!unread.out.contains("Tiling window managers"), "\(unread)")
        #expect(unread.out.split(separator: "\n").count == 4, "\(unread)")

        // refresh: a new item appears upstream and is reported.
        let newItem = """
            <item><title>Fresh from the oven</title><link>https://planet.example.org/2026/11/fresh</link>
            <guid>planet-terminal-2026-0043</guid><pubDate>Sun, 22 Nov 2026 07:00:00 +0000</pubDate></item>
            """
        server.route("/rss.xml", .ok(rss.replacingOccurrences(of: "<item>", with: newItem + "<item>", options: [], range: rss.range(of: "<item>"))))
        let refreshed = try await daemon.tidings(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed)")
        #expect(refreshed.out.contains("1 new item"), "\(refreshed)")
        // Piped, the daemon's refresh.progress notifications become one line per feed, then the summary.
        let refreshLines = refreshed.out.split(separator: "\n")
        #expect(refreshLines.count == 3, "\(refreshed)")
        #expect(refreshLines.last?.hasPrefix("Refreshed 2 feeds: 1 new item") == true, "\(refreshed)")
        #expect(refreshLines.dropLast().allSatisfy { $0.contains(": ") }, "\(refreshed)")
        let afterRefresh = try await daemon.tidings(["list"])
        #expect(afterRefresh.out.split(separator: "\n").first?.contains("Fresh from the oven") == true, "\(afterRefresh)")
        #expect(afterRefresh.out.split(separator: "\n").count == 5, "\(afterRefresh)")

        // feeds: both, with unread counts.
        let feeds = try await daemon.tidings(["feeds"])
        #expect(feeds.status == 0, "\(feeds)")
        #expect(feeds.out.contains("Planet Terminal") && feeds.out.contains("Kernel Notes"), "\(feeds)")

        // A 404 fails cleanly and stores nothing.
        let missing = try await daemon.tidings(["subscribe", server.url("/missing.xml")])
        #expect(missing.status == 1, "\(missing)")
        #expect(missing.err.contains("404"), "\(missing)")
        #expect(missing.err.split(separator: "\n").count == 1, "\(missing)")
        let feedsAfter = try await daemon.tidings(["feeds", "--json"])
        let feedList = try #require(try JSONSerialization.jsonObject(with: feedsAfter.stdout) as? [String: Any])
        #expect((feedList["feeds"] as? [Any])?.count == 2, "\(feedsAfter)")

        // Not a feed: an HTML page.
        server.route("/page.html", TestHTTPResponse(status: 200, headers: [("Content-Type", "text/html")],
                                                    body: Array("<!DOCTYPE html><html><body>hi</body></html>".utf8)))
        let html = try await daemon.tidings(["subscribe", server.url("/page.html")])
        #expect(html.status == 1, "\(html)")
        #expect(html.err.contains("not a feed"), "\(html)")

        #expect(await daemon.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath), "the socket file must be removed on exit")
    }
}

extension EndToEndTests {
    @Test func subscribingToASiteHomePageFindsItsFeed() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/", TestHTTPResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array("""
            <!DOCTYPE html><html><head><title>Kernel Notes</title>
            <link rel="alternate" type="application/atom+xml" title="Kernel Notes" href="feeds/atom.xml">
            </head><body><h1>Kernel Notes</h1></body></html>
            """.utf8)))
        server.route("/feeds/atom.xml", .ok(try Self.fixture("atom.xml"), contentType: "application/atom+xml"))
        let daemon = try await DaemonHarness()
        let subscribed = try await daemon.tidings(["subscribe", server.url("/")])
        #expect(subscribed.status == 0, "\(subscribed)")
        #expect(subscribed.out.contains("Kernel Notes") && subscribed.out.contains("2 items"), "\(subscribed)")
        let feeds = try await daemon.tidings(["feeds", "--json"])
        let list = try #require(try JSONSerialization.jsonObject(with: feeds.stdout) as? [String: Any])
        #expect((list["feeds"] as? [[String: Any]])?.first?["url"] as? String == server.url("/feeds/atom.xml"), "\(feeds)")
        #expect(await daemon.stop() == 0)
    }
}

/// A stand-in browser: a script that records its argv, one argument per line.
struct BrowserScript {
    let path: String
    let record: String
    /// `$BROWSER` for this script: run through `/bin/sh` rather than exec'd, because a file just
    /// written may still be open in a child another test forked concurrently (ETXTBSY).
    var command: String { "/bin/sh '\(path)'" }

    init(in directory: URL) throws {
        path = directory.appendingPathComponent("browser.sh").path
        record = directory.appendingPathComponent("browser-argv.txt").path
        let script = "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '\(record)'\n"
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    var wasLaunched: Bool { FileManager.default.fileExists(atPath: record) }

    func recordedArguments() throws -> [String] {
        try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
    }
}

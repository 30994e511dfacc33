import Glibc
import Foundation
import Testing
import TestSupport

/// Text from outside cannot grow the daemon or the database without bound: an OPML file that
/// declares entities is refused, every stored title, tag and URL is at most 4 KiB, and a title
/// or tag with a control character is refused over the socket.
@Suite(.timeLimit(.minutes(3)))
struct TextBoundsTests {
    /// The peak resident size of `pid` in bytes (`VmHWM`).
    static func peakMemory(of pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        let kilobytes = try #require(Int(line.split(separator: " ")[1]))
        return kilobytes * 1024
    }

    /// The database and its write-ahead log, in bytes.
    static func databaseBytes(_ daemon: DaemonHarness) -> Int {
        [daemon.databasePath, daemon.databasePath + "-wal"].reduce(0) { total, path in
            total + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        }
    }

    /// The review's file: 110 KB whose one title expanded to 600,000,000 bytes (the daemon
    /// reached 3.8 GB and every `tidings feeds` failed from then on).
    @Test func anOPMLEntityBombIsRefusedAndTheDaemonStaysSmall() async throws {
        let daemon = try await DaemonHarness()
        let bomb = daemon.directory.appendingPathComponent("bomb.opml").path
        try """
            <?xml version="1.0"?>
            <!DOCTYPE opml [<!ENTITY e "\(String(repeating: "A", count: 20_000))">]>
            <opml version="2.0"><body>
            <outline text="\(String(repeating: "&e;", count: 30_000))" xmlUrl="http://127.0.0.1:9/feed.xml"/>
            </body></opml>
            """.write(toFile: bomb, atomically: true, encoding: .utf8)
        #expect((try FileManager.default.attributesOfItem(atPath: bomb)[.size] as? Int ?? 0) > 100_000)

        let imported = try await daemon.tidings(["import", bomb])
        #expect(imported.status == 1, "\(imported)")
        #expect(imported.err == "tidings: cannot import \(bomb): the OPML document declares entities (<!ENTITY …>), "
            + "which OPML never needs: refusing it\n", "\(imported)")
        #expect(imported.out.isEmpty)

        let feeds = try await daemon.tidings(["feeds"])
        #expect(feeds.status == 0 && feeds.out.isEmpty, "\(feeds)")
        // Generous: the daemon peaks at a few tens of megabytes; the expansion took 3.8 GB.
        #expect(try Self.peakMemory(of: daemon.pid) < 300 << 20)
        #expect(Self.databaseBytes(daemon) < 16 << 20)

        // A plain DOCTYPE without entities still imports.
        let plain = daemon.directory.appendingPathComponent("plain.opml").path
        try """
            <?xml version="1.0"?>
            <!DOCTYPE opml>
            <opml version="2.0"><body><outline text="Plain" xmlUrl="http://127.0.0.1:9/plain.xml"/></body></opml>
            """.write(toFile: plain, atomically: true, encoding: .utf8)
        let again = try await daemon.tidings(["import", plain])
        #expect(again.status == 0 && again.out.hasPrefix("Imported 1 feed"), "\(again)")
        #expect(try await daemon.tidings(["feeds"]).out.contains("Plain"))
        #expect(await daemon.stop() == 0)
    }

    /// argv cannot hold a NUL, so the requests go over a raw connection.
    @Test func renameAndTagRefuseControlCharactersNamingTheField() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/feed.xml", .ok(HooksTests.feed("bounds", titles: ["One"])))
        let daemon = try await DaemonHarness()
        let subscribed = try await daemon.tidings(["subscribe", server.url("/feed.xml"), "--title", "Mine", "--tag", "news"])
        #expect(subscribed.status == 0, "\(subscribed)")

        let socket = try RawSocket(path: daemon.socketPath)
        defer { socket.close() }
        for (request, message) in [
            (#"{"jsonrpc":"2.0","id":1,"method":"feeds.rename","params":{"feed":"1","title":"Mine\u0000 and more"}}"#,
             #"the title 'Mine\0 and more' holds a control character (U+0000), which a title cannot hold"#),
            (#"{"jsonrpc":"2.0","id":2,"method":"feeds.rename","params":{"feed":"1","title":"two\u001b[2Jlines"}}"#,
             #"the title 'two\u{1B}[2Jlines' holds a control character (U+001B), which a title cannot hold"#),
            (#"{"jsonrpc":"2.0","id":3,"method":"feeds.tag","params":{"feed":"1","add":["a\u0000b"]}}"#,
             #"'a\0b' is not a valid tag: tags are 1 to 64 characters (at most 4096 bytes), without commas or control characters"#),
        ] {
            let answer = try socket.request(request)
            let error = answer["error"] as? [String: Any]
            #expect(error?["code"] as? Int == -32602, "\(answer)")
            #expect(error?["message"] as? String == message, "\(answer)")
        }
        // From the command line (argv can hold a newline): one line, exit 1.
        let renamed = try await daemon.tidings(["rename", "1", "two\nlines"])
        #expect(renamed.status == 1, "\(renamed)")
        #expect(renamed.err == #"tidings: cannot rename '1': the title 'two\nlines' holds a control character (U+000A), which a title cannot hold"# + "\n", "\(renamed)")

        let feeds = try await daemon.tidings(["feeds"])
        #expect(feeds.status == 0 && feeds.out.contains("\tMine\t") && feeds.out.hasSuffix("\tnews\tlocal\n"), "nothing was cut or changed: \(feeds)")
        #expect(await daemon.stop() == 0)
    }

    /// A feed whose titles are hundreds of kilobytes is stored with titles of at most 4 KiB,
    /// and its long links are left out while the items are kept.
    @Test func aFeedsTitlesAreStoredShortened() async throws {
        let huge = String(repeating: "Long ", count: 60_000)
        let link = "https://example.org/" + String(repeating: "l", count: 5000)
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/feed.xml", .ok("""
            <?xml version="1.0"?><rss version="2.0"><channel><title>\(huge)</title><link>https://example.org/</link>
            <item><title>\(huge)</title><link>\(link)</link><guid>long</guid></item>
            <item><title>Short</title><link>https://example.org/short</link><guid>short</guid></item>
            </channel></rss>
            """))
        let daemon = try await DaemonHarness()
        let subscribed = try await daemon.tidings(["subscribe", server.url("/feed.xml")])
        #expect(subscribed.status == 0, "\(subscribed)")

        let feeds = try await daemon.tidings(["feeds", "--json"])
        let feed = try #require((try JSONSerialization.jsonObject(with: feeds.stdout) as? [String: Any])?["feeds"] as? [[String: Any]]).first
        let title = try #require(feed?["title"] as? String)
        #expect(title.utf8.count <= 4096 && title.hasPrefix("Long Long") && title.hasSuffix("…"), "\(title.utf8.count)")
        let list = try await daemon.tidings(["list", "--json"])
        let items = try #require((try JSONSerialization.jsonObject(with: list.stdout) as? [String: Any])?["items"] as? [[String: Any]])
        #expect(items.count == 2, "\(list)")
        let long = try #require(items.first { ($0["title"] as? String)?.hasPrefix("Long") == true })
        #expect((long["title"] as? String)?.utf8.count ?? .max <= 4096)
        #expect(long["link"] as? String == nil, "\(long)")
        #expect(await daemon.waitForLog("links too long to store left out"), "\(daemon.log())")
        #expect(await daemon.stop() == 0)
    }
}

import Foundation
import Testing
import TestSupport

/// The same article through two local feeds, its link carrying different tracking parameters:
/// listed once with both feeds named; reading or starring it reads or stars both.
@Suite(.timeLimit(.minutes(3)))
struct DuplicatesTests {
    static func rss(title: String, items: [(guid: String, title: String, link: String)]) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0"><channel><title>\(title)</title><link>https://\(title.lowercased()).example/</link>
        \(items.map { "<item><guid isPermaLink=\"false\">\($0.guid)</guid><title>\($0.title)</title><link>\($0.link)</link><pubDate>Sat, 21 Nov 2026 10:00:00 GMT</pubDate></item>" }.joined())
        </channel></rss>
        """
    }

    @Test func anArticleInTwoFeedsIsListedOnceAndReadOnce() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/blog.xml", .ok(Self.rss(title: "Blog", items: [
            ("b-1", "Tiling, revisited", "https://blog.example/2026/tiling?utm_source=rss&amp;utm_medium=feed"),
            ("b-2", "Only here", "https://blog.example/2026/only"),
        ])))
        server.route("/planet.xml", .ok(Self.rss(title: "Planet", items: [
            ("p-77", "Tiling, revisited", "http://blog.example/2026/tiling/?utm_source=planet&amp;fbclid=XYZ"),
        ])))
        let daemon = try await DaemonHarness()
        #expect(try await daemon.tidings(["subscribe", server.url("/blog.xml")]).status == 0)
        #expect(try await daemon.tidings(["subscribe", server.url("/planet.xml")]).status == 0)

        let listed = try await Self.items(daemon, ["list", "--json"])
        #expect(listed.count == 2, "\(listed)")
        let article = try #require(listed.first { $0["title"] as? String == "Tiling, revisited" })
        #expect(article["feed"] as? String == "Blog")
        #expect(article["alsoIn"] as? [String] == ["Planet"])
        // Piped, the feed column names both feeds.
        let plain = try await daemon.tidings(["list"])
        #expect(plain.out.contains("Blog, Planet\tTiling, revisited"), "\(plain)")
        // One feed's listing shows its own copy.
        let planetItems = try await Self.items(daemon, ["list", "--feed", "Planet", "--json"])
        #expect(planetItems.map { $0["title"] as? String } == ["Tiling, revisited"])

        // Reading the article reads the copy too.
        let number = try #require(article["number"] as? Int)
        #expect(try await daemon.tidings(["read", "\(number)"]).status == 0)
        #expect(try await Self.items(daemon, ["list", "--feed", "Planet", "--json"]).isEmpty)
        #expect(try await Self.items(daemon, ["list", "--json"]).map { $0["title"] as? String } == ["Only here"])
        #expect(await daemon.stop() == 0)
    }

    @Test func starringEitherCopyStarsTheArticle() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/blog.xml", .ok(Self.rss(title: "Blog", items: [("b-1", "Episode 12", "https://blog.example/ep/12?utm_source=rss")])))
        server.route("/planet.xml", .ok(Self.rss(title: "Planet", items: [("p-1", "Episode 12", "https://blog.example/ep/12/")])))
        let daemon = try await DaemonHarness()
        #expect(try await daemon.tidings(["subscribe", server.url("/blog.xml")]).status == 0)
        #expect(try await daemon.tidings(["subscribe", server.url("/planet.xml")]).status == 0)
        let copy = try #require(try await Self.items(daemon, ["list", "--feed", "Planet", "--json"]).first?["number"] as? Int)

        // Star the copy only Planet's listing shows: the article is starred wherever it is listed.
        #expect(try await daemon.tidings(["star", "\(copy)"]).out == "Starred 1 item\n")
        let starred = try await Self.items(daemon, ["list", "--starred", "--json"])
        #expect(starred.map { $0["feed"] as? String } == ["Blog"] && starred.first?["alsoIn"] as? [String] == ["Planet"], "\(starred)")
        let original = try #require(starred.first?["number"] as? Int)
        for feed in ["Blog", "Planet"] {
            let listed = try await Self.items(daemon, ["list", "--feed", feed, "--starred", "--json"])
            #expect(listed.count == 1 && listed.first?["starred"] as? Bool == true, "\(feed): \(listed)")
        }
        // Unstarring the other copy unstars both; unsubscribing Planet keeps nothing of it.
        #expect(try await daemon.tidings(["unstar", "\(original)"]).status == 0)
        #expect(try await Self.items(daemon, ["list", "--feed", "Planet", "--starred", "--json"]).isEmpty)
        #expect(try await daemon.tidings(["star", "\(original)"]).status == 0)
        let removed = try await daemon.tidings(["unsubscribe", "Planet"])
        #expect(removed.out == "Unsubscribed from \"Planet\" (1 item deleted)\n", "Blog still has the starred article: \(removed)")
        #expect(try await Self.items(daemon, ["list", "--starred", "--json"]).map { $0["number"] as? Int } == [original])
        #expect(await daemon.stop() == 0)
    }

    static func items(_ daemon: DaemonHarness, _ arguments: [String]) async throws -> [[String: Any]] {
        let result = try await daemon.tidings(arguments)
        guard result.status == 0,
            let object = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any],
            let items = object["items"] as? [[String: Any]]
        else { throw HarnessError("\(arguments): \(result)") }
        return items
    }
}

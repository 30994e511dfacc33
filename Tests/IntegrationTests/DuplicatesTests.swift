import Foundation
import Testing
import TestSupport

/// The same article through two local feeds, its link carrying different tracking parameters:
/// listed once with both feeds named; reading it reads both.
@Suite(.timeLimit(.minutes(1)))
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

    static func items(_ daemon: DaemonHarness, _ arguments: [String]) async throws -> [[String: Any]] {
        let result = try await daemon.tidings(arguments)
        guard result.status == 0,
            let object = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any],
            let items = object["items"] as? [[String: Any]]
        else { throw HarnessError("\(arguments): \(result)") }
        return items
    }
}

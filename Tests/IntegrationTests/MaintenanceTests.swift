import Foundation
import Testing
import TestSupport

/// `tidings maintenance` through the real binaries: the integrity check, the `--json` document
/// against its schema, and retention from the config on a local 30-item feed, which must not
/// bring deleted items back at the next refresh.
@Suite(.timeLimit(.minutes(3)))
struct MaintenanceTests {
    /// An RSS feed of `count` items, item `n` published on day `n` of November 2026.
    static func feed(items count: Int) -> String {
        let items = (1...count).reversed().map { n in
            """
            <item><title>Entry \(n)</title><guid>urn:entry:\(n)</guid><link>https://example.org/\(n)</link>
            <pubDate>\(String(format: "%02d", n)) Nov 2026 08:00:00 GMT</pubDate></item>
            """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Thirty</title><link>https://example.org/</link>
            \(items.joined(separator: "\n"))
            </channel></rss>
            """
    }

    func json(_ daemon: DaemonHarness, _ arguments: [String], schema: String, status: Int32 = 0) async throws -> [String: Any] {
        let result = try await daemon.tidings(arguments + ["--json"])
        #expect(result.status == status, "\(arguments): \(result)\n\(daemon.log())")
        let problems = try JSONSchemaValidator(schema: schema).problems(in: result.stdout)
        #expect(problems.isEmpty, "\(arguments) against \(schema): \(problems)\n\(result.out)")
        return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result)")
    }

    func itemCount(_ daemon: DaemonHarness) async throws -> Int {
        try await json(daemon, ["status"], schema: "status.json")["items"] as? Int ?? -1
    }

    @Test func aSoundDatabaseIsOkInTextAndJSON() async throws {
        let daemon = try await DaemonHarness()
        let text = try await daemon.tidings(["maintenance"])
        #expect(text.status == 0, "\(text)\n\(daemon.log())")
        #expect(text.out.hasPrefix("integrity\tok\n"), "\(text)")
        #expect(text.err.isEmpty, "\(text)")

        let document = try await json(daemon, ["maintenance", "--no-vacuum"], schema: "maintenance.json")
        #expect(document["integrity"] as? String == "ok" && (document["problems"] as? [Any])?.isEmpty == true, "\(document)")
        #expect(document["vacuumed"] as? Bool == false && document["retentionApplied"] as? Bool == false, "\(document)")
        #expect((document["bytesBefore"] as? Int ?? 0) > 0, "\(document)")
        #expect(await daemon.stop() == 0)
    }

    @Test func retentionKeepsTheNewestTenAndTheyStayTen() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/thirty.xml", .ok(Self.feed(items: 30)))
        let daemon = try await DaemonHarness(config: "keep_per_feed: 10\nkeep_unread: false")

        let subscribed = try await daemon.tidings(["subscribe", server.url("/thirty.xml")])
        #expect(subscribed.status == 0, "\(subscribed)")
        let refreshed = try await daemon.tidings(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed)")
        // The daemon applies retention after each refresh pass; maintenance applies it on request.
        let before = try await itemCount(daemon)
        let document = try await json(daemon, ["maintenance", "--retention"], schema: "maintenance.json")
        #expect(document["retentionApplied"] as? Bool == true && document["vacuumed"] as? Bool == true, "\(document)")
        #expect(document["itemsDeleted"] as? Int == before - 10, "\(document), \(before) items before")
        #expect(try await itemCount(daemon) == 10)
        let titles = (try await json(daemon, ["list", "--all"], schema: "list.json")["items"] as? [[String: Any]] ?? [])
            .compactMap { $0["title"] as? String }
        #expect(titles == (21...30).reversed().map { "Entry \($0)" }, "\(titles)")

        // The feed still lists all thirty: the next refresh stores nothing new.
        let again = try await json(daemon, ["refresh"], schema: "refresh.json")
        #expect(again["newItems"] as? Int == 0, "\(again)")
        #expect(try await itemCount(daemon) == 10)
        let unread = try await daemon.tidings(["list"])
        #expect(unread.out.split(separator: "\n").count == 10, "\(unread)")
        #expect(await daemon.stop() == 0)
    }
}

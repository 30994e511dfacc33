import Foundation
import Testing
import TestSupport

/// What real sites do to their feeds that no specification forbids, served for real from
/// 127.0.0.1 and refreshed by the real daemon: what the user is told, and that their reading
/// state survives.
@Suite(.timeLimit(.minutes(2)))
struct SiteQuirksTests {
    /// `count` entries with the same links, titles and dates, under guids starting `guid`.
    static func blog(guid: String, links: String = "https://blog.example/posts/", titles: String = "Post", count: Int = 10) -> String {
        let items = (1...count).map { index in
            """
            <item><title>\(titles) \(index)</title><link>\(links)\(index)</link>\
            <guid isPermaLink="false">\(guid)\(index)</guid>\
            <pubDate>Mon, \(String(format: "%02d", index)) Nov 2026 10:00:00 GMT</pubDate>\
            <description>Text of \(titles.lowercased()) \(index).</description></item>
            """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Migrating site</title><link>https://blog.example/</link>
            <description>a blog</description>
            \(items.joined(separator: "\n"))
            </channel></rss>
            """
    }

    /// `UserState.items` without the item keys (the guids a migration changes).
    static func withoutKeys(_ items: String) -> [String] {
        items.split(separator: "\n").map { line in
            let fields = line.split(separator: "|", omittingEmptySubsequences: false)
            return fields.enumerated().filter { $0.offset != 2 }.map { String($0.element) }.joined(separator: "|")
        }
    }

    @Test func aSiteThatChangesEveryGuidAtOnceBringsNoReadArticleBack() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/feed.xml", .ok(Self.blog(guid: "wordpress-")))
        let daemon = try await DaemonHarness(config: "refresh_interval: 1h")
        #expect(try await daemon.tidings(["subscribe", server.url("/feed.xml")]).status == 0)
        #expect(try await daemon.tidings(["read", "--all"]).status == 0)
        #expect(try await daemon.tidings(["star", "3"]).status == 0)
        let before = try await UserState.read(daemon.databasePath)

        // The new engine: every guid new, everything else the same.
        server.route("/feed.xml", .ok(Self.blog(guid: "hugo-")))
        let migrated = try await daemon.tidings(["refresh"])
        #expect(migrated.status == 0, "\(migrated)")
        #expect(migrated.out.contains("Migrating site: no new items"), "no article is new: \(migrated)")
        let unread = try await daemon.tidings(["list"])
        #expect(unread.out.isEmpty, "nothing came back unread: \(unread)")
        let all = try await daemon.tidings(["list", "--all", "--limit", "100", "--json"])
        #expect(all.out.components(separatedBy: "\"number\"").count - 1 == 10, "each article once: \(all)")
        let after = try await UserState.read(daemon.databasePath)
        #expect(after.feeds == before.feeds && after.tags == before.tags)
        #expect(Self.withoutKeys(after.items) == Self.withoutKeys(before.items), "the same numbers, read and starred:\n\(before)\n\(after)")

        // A feed that replaces its whole list with new articles still gets them all.
        server.route("/feed.xml", .ok(Self.blog(guid: "new-", links: "https://blog.example/2027/", titles: "Fresh")))
        let fresh = try await daemon.tidings(["refresh"])
        #expect(fresh.out.contains("10 new items"), "\(fresh)")
        #expect(await daemon.stop() == 0)
    }
}

extension SiteQuirksTests {
    @Test func aServerThatAnswers304ToEverythingIsAFailingFeedNotAHealthyEmptyOne() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/feed.xml", .status(304, headers: [("ETag", "\"made-up\"")]))
        let daemon = try await DaemonHarness(config: "refresh_interval: 1h")
        let message = "the server answered 304 Not Modified to an unconditional request"

        let subscribed = try await daemon.tidings(["subscribe", server.url("/feed.xml")])
        #expect(subscribed.status == 1 && subscribed.err.contains(message), "\(subscribed)")

        // Imported, it is fetched by the next pass: an error on the feed, never "unchanged".
        let list = daemon.directory.appendingPathComponent("feeds.opml").path
        try ManyFeeds.opml([server.url("/feed.xml")]).write(toFile: list, atomically: true, encoding: .utf8)
        #expect(try await daemon.tidings(["import", list]).status == 0)
        let refreshed = try await daemon.tidings(["refresh"])
        #expect(refreshed.out.contains(message), "\(refreshed)")
        let feeds = try await daemon.tidings(["feeds", "--json"])
        let listed = try #require(try JSONSerialization.jsonObject(with: feeds.stdout) as? [String: Any], "\(feeds)")
        let feed = try #require((listed["feeds"] as? [[String: Any]])?.first, "\(listed)")
        #expect(feed["lastError"] as? String == message, "\(feed)")
        #expect((feed["consecutiveFailures"] as? Int ?? 0) >= 1, "\(feed)")
        // The 304's made-up ETag is not kept, so the next request is unconditional again.
        #expect(try await ManyFeeds.sqlite3(daemon.databasePath, "SELECT etag IS NULL FROM feed;") == "1")
        #expect(server.requests(for: "/feed.xml").allSatisfy { $0.header("If-None-Match") == nil })
        #expect(await daemon.stop() == 0)
    }
}

extension SiteQuirksTests {
    /// An RSS date for `date`.
    static func rfc822(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    static func dated(_ entries: [(title: String, date: String)]) -> String {
        let items = entries.map { entry in
            "<item><title>\(entry.title)</title><link>https://odd.example/\(entry.title)</link><pubDate>\(entry.date)</pubDate></item>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Odd dates</title><link>https://odd.example/</link>
            \(items.joined(separator: "\n"))
            </channel></rss>
            """
    }

    @Test func datesInTheFutureOrBefore1995AreListedByWhenTheItemWasFirstSeen() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        let now = Date()
        server.route("/feed.xml", .ok(Self.dated([
            ("future", "Fri, 01 Jan 2100 00:00:00 GMT"),
            ("epoch", "Thu, 01 Jan 1970 00:00:00 GMT"),
            ("recent", Self.rfc822(now - 2 * 3600)),
            ("old", Self.rfc822(now - 3 * 86_400)),
        ])))
        let daemon = try await DaemonHarness(config: "refresh_interval: 1h")
        #expect(try await daemon.tidings(["subscribe", server.url("/feed.xml")]).status == 0)

        let recent = try await daemon.tidings(["list", "--since", "1d"])
        let titles = recent.out.split(separator: "\n").compactMap { $0.split(separator: "\t").dropFirst(3).first.map(String.init) }
        #expect(Set(titles) == ["future", "epoch", "recent"], "the 1970 item is new, the old one is not: \(recent)")

        // A later item is listed above the one dated 2100: that one is only as new as its arrival.
        server.route("/feed.xml", .ok(Self.dated([
            ("later", Self.rfc822(Date() + 60)), ("future", "Fri, 01 Jan 2100 00:00:00 GMT"),
            ("epoch", "Thu, 01 Jan 1970 00:00:00 GMT"), ("recent", Self.rfc822(now - 2 * 3600)), ("old", Self.rfc822(now - 3 * 86_400)),
        ])))
        #expect(try await daemon.tidings(["refresh"]).status == 0)
        let all = try await daemon.tidings(["list", "--all"])
        let order = all.out.split(separator: "\n").compactMap { $0.split(separator: "\t").dropFirst(3).first.map(String.init) }
        #expect(order.first == "later", "\(all)")
        #expect(order.last == "old", "\(all)")

        // `show` keeps what the feed said.
        let number = try #require(all.out.split(separator: "\n").first { $0.contains("\tfuture\t") }?.split(separator: "\t").first)
        let shown = try await daemon.tidings(["show", String(number)])
        #expect(shown.out.contains("first seen; the feed dates it 2100-01-01"), "\(shown)")
        #expect(await daemon.stop() == 0)
    }
}

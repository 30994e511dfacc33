import Foundation
import Testing
import TestSupport

/// Titles that feeds write as HTML (Atom `type="html"` and `"xhtml"`, escaped markup in RSS,
/// double-escaped entities) reach every reader as text: the daemon stores them so, and `list`,
/// `list --json`, `feeds`, `show`, `search` and a hook's stdin all show that text.
@Suite(.timeLimit(.minutes(3)))
struct HTMLTitlesTests {
    /// An Atom feed whose title and entry titles are HTML or XHTML, and one `type="text"` title
    /// whose `<` and `&` are text. `entries` false: the same feed with no entries.
    static func atomFeed(entries: Bool) -> String {
        let body = """
            <entry><id>urn:html-titles:atom:1</id><title type="html">Lamp &lt;b&gt;replaced&lt;/b&gt;</title>
            <link href="https://example.org/atom/1"/><updated>2025-03-01T10:00:00Z</updated>
            <summary>The hallway lamp is new.</summary></entry>
            <entry><id>urn:html-titles:atom:2</id>
            <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Kettle <em>descaled</em></div></title>
            <link href="https://example.org/atom/2"/><updated>2025-03-01T11:00:00Z</updated></entry>
            <entry><id>urn:html-titles:atom:3</id><title type="text">a &lt; b &amp;&amp; &lt;tag&gt;</title>
            <link href="https://example.org/atom/3"/><updated>2025-03-01T12:00:00Z</updated></entry>
            """
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom">
            <title type="html">Garden &lt;i&gt;Log&lt;/i&gt;</title><id>urn:html-titles:atom</id>
            <updated>2025-03-01T12:00:00Z</updated><link href="https://example.org/atom/"/>
            \(entries ? body : "")
            </feed>
            """
    }

    /// An RSS feed with a double-escaped feed title and item titles that are escaped markup.
    static func rssFeed(items: Bool) -> String {
        let body = """
            <item><title>Heater &lt;em&gt;fixed&lt;/em&gt;</title><guid>urn:html-titles:rss:1</guid>
            <link>https://example.org/rss/1</link><pubDate>Sat, 01 Mar 2025 13:00:00 GMT</pubDate></item>
            <item><title>It&amp;#8217;s done</title><guid>urn:html-titles:rss:2</guid>
            <link>https://example.org/rss/2</link><pubDate>Sat, 01 Mar 2025 14:00:00 GMT</pubDate></item>
            <item><title>Fish &amp;amp; chips</title><guid>urn:html-titles:rss:3</guid>
            <link>https://example.org/rss/3</link><pubDate>Sat, 01 Mar 2025 15:00:00 GMT</pubDate></item>
            """
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Bob &amp;amp; Co</title><link>https://example.org/rss/</link>
            \(items ? body : "")
            </channel></rss>
            """
    }

    static let itemTitles: Set = [
        "Lamp replaced", "Kettle descaled", "a < b && <tag>", "Heater fixed", "It\u{2019}s done", "Fish & chips",
    ]
    static let feedTitles: Set = ["Garden Log", "Bob & Co"]

    /// The markup the feeds wrote, which no reader may see.
    static let markup = ["<b>", "</b>", "<em>", "<i>", "&amp;", "&#8217;", "&lt;"]

    static func titles(_ objects: Any?) -> Set<String> {
        Set((objects as? [[String: Any]] ?? []).compactMap { $0["title"] as? String })
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    @Test func htmlTitlesAreTextInEveryListingAndInAHooksInput() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/atom.xml", .ok(Self.atomFeed(entries: false)))
        server.route("/rss.xml", .ok(Self.rssFeed(items: false)))
        let hookOutput = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-titles-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: hookOutput) }
        let daemon = try await DaemonHarness(config: """
            on_new_items:
              - [/bin/cp, /dev/stdin, \(hookOutput)]
            """)
        for path in ["/atom.xml", "/rss.xml"] {
            let subscribed = try await daemon.tidings(["subscribe", server.url(path)])
            #expect(subscribed.status == 0, "\(subscribed)")
        }
        // The items arrive in one refresh pass, which runs the hook once with all of them.
        server.route("/atom.xml", .ok(Self.atomFeed(entries: true)))
        server.route("/rss.xml", .ok(Self.rssFeed(items: true)))
        let refreshed = try await daemon.tidings(["refresh", "--json"])
        #expect(refreshed.status == 0, "\(refreshed)")
        #expect(Self.titles(try Self.json(refreshed.out)["outcomes"]) == Self.feedTitles, "\(refreshed)")

        let listedJSON = try await daemon.tidings(["list", "--all", "--json"])
        #expect(listedJSON.status == 0, "\(listedJSON)")
        let listed = try Self.json(listedJSON.out)
        #expect(Self.titles(listed["items"]) == Self.itemTitles, "\(listedJSON.out)")
        let feedNames = Set((listed["items"] as? [[String: Any]] ?? []).compactMap { $0["feed"] as? String })
        #expect(feedNames == Self.feedTitles, "\(listedJSON.out)")

        let list = try await daemon.tidings(["list", "--all"])
        #expect(list.status == 0, "\(list)")
        for title in Self.itemTitles { #expect(list.out.contains(title), "\(list.out)") }
        for tag in Self.markup where tag != "&lt;" { #expect(!list.out.contains(tag), "\(list.out)") }

        let feeds = try await daemon.tidings(["feeds"])
        #expect(feeds.status == 0, "\(feeds)")
        for title in Self.feedTitles { #expect(feeds.out.contains(title), "\(feeds.out)") }
        for tag in Self.markup { #expect(!feeds.out.contains(tag), "\(feeds.out)") }
        let feedsJSON = try await daemon.tidings(["feeds", "--json"])
        #expect(Self.titles(try Self.json(feedsJSON.out)["feeds"]) == Self.feedTitles, "\(feedsJSON.out)")

        // `show` of the Atom `type="html"` entry, as text and as JSON.
        let lamp = try #require(
            (listed["items"] as? [[String: Any]])?.first { $0["title"] as? String == "Lamp replaced" }?["number"] as? Int)
        let shown = try await daemon.tidings(["show", "\(lamp)", "--no-mark"])
        #expect(shown.status == 0 && shown.out.contains("Lamp replaced") && shown.out.contains("Garden Log"), "\(shown)")
        for tag in Self.markup { #expect(!shown.out.contains(tag), "\(shown.out)") }
        let shownJSON = try Self.json(try await daemon.tidings(["show", "\(lamp)", "--no-mark", "--json"]).out)
        #expect(shownJSON["title"] as? String == "Lamp replaced" && shownJSON["feed"] as? String == "Garden Log")

        // The search index holds the text: a word that was inside a tag is found, and the hit's
        // title is the text.
        let searched = try Self.json(try await daemon.tidings(["search", "replaced", "--json"]).out)
        #expect(Self.titles(searched["hits"]) == ["Lamp replaced"], "\(searched)")
        let chips = try await daemon.tidings(["search", "chips"])
        #expect(chips.status == 0 && chips.out.contains("chips") && !chips.out.contains("&amp;"), "\(chips)")
        let tagWord = try Self.json(try await daemon.tidings(["search", "em", "--json"]).out)
        #expect(Self.titles(tagWord["hits"]).isEmpty, "a tag's name was indexed: \(tagWord)")

        let hooked = try #require(await HooksTests.document(at: hookOutput), "\(daemon.log())")
        #expect(Self.titles(hooked["items"]) == Self.itemTitles, "\(hooked)")
        #expect(await daemon.stop() == 0)
    }
}

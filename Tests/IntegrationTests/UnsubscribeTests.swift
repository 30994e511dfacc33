import Foundation
import Testing
import TestSupport

/// Unsubscribing through the real binaries: starred items stay listed, shown, opened and
/// searched under the feed's last title until `--delete-starred`; subscribing again brings them
/// back into the feed without copies; a destructive command wants more than a short title
/// prefix, and an ambiguous selector names the feeds it could mean with their numbers.
@Suite(.timeLimit(.minutes(2)))
struct UnsubscribeTests {
    static func rss(_ title: String, _ items: [(guid: String, title: String, text: String)]) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0"><channel><title>\(title)</title><link>https://\(title.lowercased().filter(\.isLetter)).example/</link>
        \(items.map { "<item><guid>\($0.guid)</guid><title>\($0.title)</title><link>https://\(title.lowercased().filter(\.isLetter)).example/\($0.guid)</link><description>\($0.text)</description><pubDate>Sat, 21 Nov 2026 10:00:00 GMT</pubDate></item>" }.joined())
        </channel></rss>
        """
    }

    static func document(_ result: ProcessResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result)")
    }

    static func items(_ daemon: DaemonHarness, _ arguments: [String]) async throws -> [[String: Any]] {
        let result = try await daemon.tidings(arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result)")
        return try document(result)["items"] as? [[String: Any]] ?? []
    }

    @Test func aStarredItemSurvivesUnsubscribingUntilDeleteStarred() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/podcast.xml", .ok(Self.rss("Podcast", [
            ("ep-3", "Episode three", "The espresso episode"), ("ep-2", "Episode two", "Tea"), ("ep-1", "Episode one", "Water"),
        ])))
        let daemon = try await DaemonHarness()
        #expect(try await daemon.tidings(["subscribe", server.url("/podcast.xml")]).status == 0)
        let listed = try await Self.items(daemon, ["list"])
        let episode = try #require(listed.first { $0["title"] as? String == "Episode three" }?["number"] as? Int)
        #expect(try await daemon.tidings(["star", "\(episode)"]).status == 0)

        let removed = try await daemon.tidings(["unsubscribe", "Podcast"])
        #expect(removed.status == 0, "\(removed)")
        #expect(removed.out == "Unsubscribed from \"Podcast\" (2 items deleted, 1 starred item kept; --delete-starred deletes it too)\n")
        let feeds = try await daemon.tidings(["feeds"])
        #expect(feeds.status == 0 && feeds.out.isEmpty, "the feed is gone: \(feeds)")

        // Listed (starred, and among all items), shown, searched and opened, under its feed's title.
        let starred = try await Self.items(daemon, ["list", "--starred"])
        #expect(starred.map { $0["number"] as? Int } == [episode])
        #expect(starred.first?["feed"] as? String == "Podcast (unsubscribed)", "\(starred)")
        #expect(try await Self.items(daemon, ["list", "--all"]).map { $0["number"] as? Int } == [episode])
        let shown = try await daemon.tidings(["show", "\(episode)", "--no-mark"])
        #expect(shown.status == 0 && shown.out.contains("Episode three") && shown.out.contains("Podcast (unsubscribed)"), "\(shown)")
        let found = try await daemon.tidings(["search", "espresso"])
        #expect(found.status == 0 && found.out.hasPrefix("\(episode)\t"), "\(found)")
        let browser = try BrowserScript(in: daemon.directory)
        let opened = try await daemon.tidings(["open", "\(episode)"], environment: ["BROWSER": browser.command])
        #expect(opened.status == 0, "\(opened)")
        #expect(try browser.recordedArguments() == ["https://podcast.example/ep-3"])
        #expect(try await daemon.tidings(["unread", "\(episode)"]).status == 0)

        // Subscribing again: the same number, and the kept episode is the feed's again, once.
        let again = try await daemon.tidings(["subscribe", server.url("/podcast.xml"), "--json"])
        #expect(try Self.document(again)["items"] as? Int == 2, "\(again)")
        #expect((try Self.document(again)["feed"] as? [String: Any])?["number"] as? Int == 1)
        let all = try await Self.items(daemon, ["list", "--all"])
        #expect(all.compactMap { $0["title"] as? String }.sorted() == ["Episode one", "Episode three", "Episode two"])
        #expect(all.first { $0["number"] as? Int == episode }?["feed"] as? String == "Podcast")

        // --delete-starred takes it along.
        let everything = try await daemon.tidings(["unsubscribe", "1", "--delete-starred", "--json"])
        #expect(everything.status == 0, "\(everything)")
        #expect(try JSONSchemaValidator(schema: "unsubscribe.json").problems(in: everything.stdout).isEmpty, "\(everything)")
        let counts = try Self.document(everything)
        #expect(counts["deleted"] as? Int == 3 && counts["keptStarred"] as? Int == 0, "\(counts)")
        #expect(try await Self.items(daemon, ["list", "--starred"]).isEmpty)
        let gone = try await daemon.tidings(["show", "\(episode)"])
        #expect(gone.status == 1 && gone.err.contains("no item \(episode)"), "\(gone)")
        #expect(await daemon.stop() == 0)
    }

    @Test func destructiveCommandsWantMoreThanAShortPrefixAndAmbiguityNamesNumbers() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        for (path, title) in [("/notes.xml", "Kernel Notes"), ("/planet.xml", "Kernel Planet"), ("/lwn.xml", "LWN")] {
            server.route(path, .ok(Self.rss(title, [("\(path)-1", "\(title) item", "text")])))
        }
        let daemon = try await DaemonHarness()
        for path in ["/notes.xml", "/planet.xml", "/lwn.xml"] {
            #expect(try await daemon.tidings(["subscribe", server.url(path)]).status == 0)
        }

        // An ambiguous selector: one line naming the feeds with their numbers, for every command.
        let ambiguous = "tidings: 'Ke' matches 2 feeds: 1 Kernel Notes, 2 Kernel Planet; give the number or URL\n"
        for arguments in [["unsubscribe", "Ke"], ["list", "-f", "Ke"], ["read", "--feed", "Ke"], ["search", "item", "--feed", "Ke"]] {
            let result = try await daemon.tidings(arguments)
            #expect(result.status == 1 && result.err == ambiguous, "\(arguments): \(result)")
        }
        // A short prefix reads, but does not change or remove.
        #expect(try await Self.items(daemon, ["list", "-f", "lw"]).count == 1)
        for (arguments, change) in [
            (["unsubscribe", "lw"], "unsubscribe from"), (["rename", "lw", "Mine"], "rename"), (["read", "--feed", "lw"], "mark read"),
        ] {
            let result = try await daemon.tidings(arguments)
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(result.err == "tidings: 'lw' is too short to pick the feed to \(change) (it matches 3 LWN): "
                + "give the number or URL, or at least 3 characters of the title\n", "\(arguments): \(result)")
        }
        #expect(try await daemon.tidings(["feeds"]).out.split(separator: "\n").count == 3, "nothing changed")
        // The whole title, however short, or three characters do.
        #expect(try await daemon.tidings(["read", "--feed", "lwn"]).status == 0)
        let renamed = try await daemon.tidings(["rename", "Kernel N", "Notes"])
        #expect(renamed.status == 0, "\(renamed)")
        let removed = try await daemon.tidings(["unsubscribe", "ker"])
        #expect(removed.status == 0 && removed.out == "Unsubscribed from \"Kernel Planet\" (1 item deleted)\n", "\(removed)")
        #expect(await daemon.stop() == 0)
    }
}

extension UnsubscribeTests {
    /// `unsubscribe` takes ranges and several feeds; `feed show`/`set` take a title or prefix as
    /// every other FEED argument does; a bare number of seconds is read as seconds and refused
    /// with what it was read as.
    @Test func feedArgumentsTakeRangesTitlesAndPrefixes() async throws {
        let world = try await ReaderTests.World.start()
        defer { world.end() }
        let daemon = world.daemon
        let refreshed = try await daemon.tidings(["refresh", "2-3"])
        #expect(refreshed.status == 0 && refreshed.out.contains("2 feeds"), "\(refreshed)")
        let removed = try await daemon.tidings(["unsubscribe", "1-2"])
        #expect(removed.status == 0, "\(removed)")
        #expect(removed.out.contains("Unsubscribed from \"Planet Terminal\"") && removed.out.contains("Unsubscribed from \"Kernel Notes\""), "\(removed)")
        let feeds = try await daemon.tidings(["feeds"])
        #expect(!feeds.out.contains("Planet Terminal") && feeds.out.contains("喫茶 Notes"), "\(feeds)")

        let shown = try await daemon.tidings(["feed", "show", "喫茶"])
        #expect(shown.status == 0, "\(shown)")
        let set = try await daemon.tidings(["feed", "set", "喫茶 Notes", "interval=2h"])
        #expect(set.status == 0 && set.out.contains("interval = 2h"), "\(set)")
        let tooShort = try await daemon.tidings(["feed", "set", "3", "interval=5"])
        #expect(tooShort.status != 0)
        #expect(tooShort.err.contains("bad value for `interval`: `5` (that is 5s (a number alone is seconds); it must be from 1m to 30d)"), "\(tooShort)")
        let none = try await daemon.tidings(["feed", "show", "Nothing like it"])
        #expect(none.status != 0 && none.err.contains("cannot show the settings of feed 'Nothing like it'"), "\(none)")
    }
}

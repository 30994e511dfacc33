import Foundation
import Testing
import TestSupport

/// The reading workflow through the real binaries: import an OPML file of three local feeds,
/// list, filter by tag, search, show, open, read/unread, star, export (and import the export
/// elsewhere), watch a refresh add an item, and every `--json` document checked against its
/// schema in docs/schema/.
@Suite(.timeLimit(.minutes(3)))
struct WorkflowTests {
    static func fixture(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// Runs `tidings ARGS --json`, checks the exit status and the schema, and decodes it.
    func json(_ daemon: DaemonHarness, _ arguments: [String], schema: String) async throws -> [String: Any] {
        let result = try await daemon.tidings(arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result)")
        let problems = try JSONSchemaValidator(schema: schema).problems(in: result.stdout)
        #expect(problems.isEmpty, "\(arguments) against \(schema): \(problems)\n\(result.out)")
        return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result)")
    }

    func items(_ document: [String: Any]) -> [[String: Any]] {
        document["items"] as? [[String: Any]] ?? []
    }

    /// The number of the café feed's espresso item.
    func cafeNumber(_ items: [[String: Any]]) -> Int {
        items.first { ($0["title"] as? String)?.hasPrefix("珈琲") == true }?["number"] as? Int ?? -1
    }

    @Test func importListSearchShowOpenStarExportWatch() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/rss.xml", .ok(try Self.fixture("rss2.xml")))
        let atom = try Self.fixture("atom.xml")
        server.route("/atom.xml", .ok(atom, contentType: "application/atom+xml"))
        server.route("/cafe.xml", .ok(try Self.fixture("cafe.xml")))
        let daemon = try await DaemonHarness()

        // import: folders and categories become tags, titles are kept; twice adds nothing.
        let opml = daemon.directory.appendingPathComponent("subscriptions.opml")
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Mine</title></head><body>
              <outline text="Tech">
                <outline text="Linux">
                  <outline type="rss" text="Kernel Notes" xmlUrl="\(server.url("/atom.xml"))"/>
                </outline>
                <outline type="rss" text="Planet" title="Planet Terminal" xmlUrl="\(server.url("/rss.xml"))" category="terminal"/>
              </outline>
              <outline type="rss" text="喫茶 Notes" xmlUrl="\(server.url("/cafe.xml"))"/>
            </body></opml>
            """.write(to: opml, atomically: true, encoding: .utf8)
        let imported = try await json(daemon, ["import", opml.path], schema: "import.json")
        #expect((imported["added"] as? [Any])?.count == 3, "\(imported)")
        let again = try await json(daemon, ["import", opml.path], schema: "import.json")
        #expect((again["added"] as? [Any])?.count == 0 && (again["existing"] as? [Any])?.count == 3, "\(again)")
        let refreshed = try await daemon.tidings(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed)")

        // watch, from now on: it must see the item the last refresh of this test adds.
        let watch = try BackgroundClient(daemon: daemon, arguments: ["watch", "--json"])
        defer { watch.stop() }

        // list, list --tag
        let all = items(try await json(daemon, ["list"], schema: "list.json"))
        #expect(all.count == 7, "\(all)")
        #expect(all.first?["title"] as? String == "Tiling window managers, revisited")
        let linux = items(try await json(daemon, ["list", "--tag", "linux"], schema: "list.json"))
        #expect(Set(linux.compactMap { $0["feed"] as? String }) == ["Kernel Notes"], "\(linux)")
        #expect(linux.count == 2)
        let terminal = items(try await json(daemon, ["list", "--tag", "Tech"], schema: "list.json"))
        #expect(terminal.count == 5, "both feeds in the Tech folder")

        // search: ranked, title matches first.
        let search = try await json(daemon, ["search", "tiling"], schema: "search.json")
        let hits = search["hits"] as? [[String: Any]] ?? []
        #expect(hits.compactMap { $0["title"] as? String } == ["Tiling window managers, revisited", "Grinders compared"], "\(hits)")
        let plain = try await daemon.tidings(["search", "espresso"])
        #expect(plain.status == 0 && plain.out.hasPrefix("\(cafeNumber(all))\t"), "\(plain)")
        #expect(!plain.out.contains("\u{02}") && !plain.out.contains("\u{03}"), "match marks never reach the output")

        // show: rendered text and links at the asked width, then read.
        let tiling = try #require(all.first)
        let number = try #require(tiling["number"] as? Int)
        let shown = try await daemon.tidings(["show", "\(number)"], environment: ["COLUMNS": "60"])
        #expect(shown.status == 0, "\(shown)")
        #expect(shown.out.contains("Tiling window managers, revisited"), "\(shown)")
        #expect(shown.out.contains("Spoiler: the keyboard."), "\(shown)")
        #expect(shown.out.split(separator: "\n").allSatisfy { $0.count <= 60 || $0.contains("http") }, "\(shown)")
        let shownJSON = try await json(daemon, ["show", "\(number)", "--no-mark"], schema: "show.json")
        #expect(shownJSON["read"] as? Bool == true, "show marked it read")

        // open: the recorded browser gets the link; the item becomes read.
        let cafe = try #require(all.first { ($0["title"] as? String)?.hasPrefix("珈琲") == true })
        let cafeNumber = try #require(cafe["number"] as? Int)
        let browser = try BrowserScript(in: daemon.directory)
        let opened = try await daemon.tidings(["open", "\(cafeNumber)"], environment: ["BROWSER": browser.command])
        #expect(opened.status == 0, "\(opened)")
        #expect(try browser.recordedArguments() == ["https://cafe.example.org/2026/11/espresso"])
        #expect(items(try await json(daemon, ["list"], schema: "list.json")).count == 5)

        // read / unread / star
        let unread = try await json(daemon, ["unread", "\(number)", "\(cafeNumber)"], schema: "item-state.json")
        #expect(unread["updated"] as? Int == 2, "\(unread)")
        #expect(items(try await json(daemon, ["list"], schema: "list.json")).count == 7)
        // An unknown number fails the command (exit 1), after the others were marked.
        let partial = try await daemon.tidings(["read", "\(number)-\(number)", "999999", "--json"])
        #expect(partial.status == 1 && partial.err.contains("no item 999999"), "\(partial)")
        #expect(try JSONSchemaValidator(schema: "item-state.json").problems(in: partial.stdout).isEmpty, "\(partial)")
        let read = try #require(try JSONSerialization.jsonObject(with: partial.stdout) as? [String: Any])
        #expect(read["updated"] as? Int == 1 && read["missing"] as? [Int] == [999999], "\(read)")
        _ = try await json(daemon, ["star", "\(cafeNumber)"], schema: "item-state.json")
        let starred = items(try await json(daemon, ["list", "--starred"], schema: "list.json"))
        #expect(starred.compactMap { $0["number"] as? Int } == [cafeNumber])
        #expect(starred.first?["starred"] as? Bool == true)

        // feeds and status documents
        let feeds = try await json(daemon, ["feeds"], schema: "feeds.json")
        let feedList = feeds["feeds"] as? [[String: Any]] ?? []
        #expect(feedList.compactMap { $0["title"] as? String }.sorted() == ["Kernel Notes", "Planet Terminal", "喫茶 Notes"])
        let status = try await json(daemon, ["status"], schema: "status.json")
        #expect(status["items"] as? Int == 7 && status["feeds"] as? Int == 3, "\(status)")

        // export, then import the export into another daemon: same feeds, tags and titles.
        let exported = try await daemon.tidings(["export"])
        #expect(exported.status == 0 && exported.out.contains("<opml version=\"2.0\" xmlns:tidings=\"https://tidings.invalid/opml\">"), "\(exported)")
        let copy = daemon.directory.appendingPathComponent("exported.opml")
        try exported.stdout.write(to: copy)
        let other = try await DaemonHarness()
        _ = try await json(other, ["import", copy.path], schema: "import.json")
        let otherFeeds = try await json(other, ["feeds"], schema: "feeds.json")
        #expect(Self.summary(otherFeeds) == Self.summary(feeds), "\(otherFeeds)")
        // The remaining documents, on the copy: unsubscribe, subscribe, tag, rename.
        let removed = try await json(other, ["unsubscribe", server.url("/cafe.xml")], schema: "unsubscribe.json")
        #expect((removed["feed"] as? [String: Any])?["title"] as? String == "喫茶 Notes", "\(removed)")
        #expect(removed["deleted"] as? Int == 2 && removed["keptStarred"] as? Int == 0, "\(removed)")
        let added = try await json(other, ["subscribe", server.url("/cafe.xml"), "--tag", "coffee"], schema: "subscribe.json")
        #expect(added["items"] as? Int == 2 && (added["feed"] as? [String: Any])?["tags"] as? [String] == ["coffee"], "\(added)")
        let tagged = try await json(other, ["tag", "喫茶", "+beans", "-coffee"], schema: "tag.json")
        #expect((tagged["feed"] as? [String: Any])?["tags"] as? [String] == ["beans"], "\(tagged)")
        let renamed = try await json(other, ["rename", "喫茶 Notes", "Coffee", "notes"], schema: "tag.json")
        #expect((renamed["feed"] as? [String: Any])?["title"] as? String == "Coffee notes", "\(renamed)")
        #expect(await other.stop() == 0)

        // A refresh that stores a new item reaches the watcher as one JSON line.
        let firstEntry = try #require(atom.range(of: "<entry>"))
        server.route("/atom.xml", .ok(atom.replacingCharacters(in: firstEntry, with: """
            <entry><title>Fresh from the watch</title><id>urn:watch:1</id><link href="https://kernel.example/watch"/>
            <updated>2026-11-23T08:00:00Z</updated></entry><entry>
            """), contentType: "application/atom+xml"))
        let refreshedAgain = try await json(daemon, ["refresh"], schema: "refresh.json")
        #expect(refreshedAgain["newItems"] as? Int == 1, "\(refreshedAgain)")
        let line = try await watch.firstLine(containing: "Fresh from the watch", within: .seconds(10))
        let problems = try JSONSchemaValidator(schema: "watch-item.json").problems(in: Data(line.utf8))
        #expect(problems.isEmpty, "\(problems): \(line)")

        // The daemon stopping ends the watch with a note, not a lost connection.
        #expect(await daemon.stop() == 0)
        #expect(await watch.exitStatus() == 1)
        #expect(watch.errors.contains("the daemon stopped"), "\(watch.errors)")
    }

    /// URL, title and tags of each feed, for comparing two daemons.
    static func summary(_ document: [String: Any]) -> [String] {
        (document["feeds"] as? [[String: Any]] ?? []).map { feed in
            "\(feed["url"] ?? "") \(feed["title"] ?? "") \((feed["tags"] as? [String] ?? []).joined(separator: ","))"
        }.sorted()
    }
}

import Foundation
import Testing
import TestSupport

/// The query language through the whole path: `tidings list --where` on a real daemon, its
/// feeds served on 127.0.0.1, the query read by the client (mistakes refused before anything
/// is sent) and by the daemon.
@Suite(.timeLimit(.minutes(2)))
struct SavedViewsTests {
    /// A daemon subscribed to two feeds, one tagged linux, with items that mention rust or go.
    static func world(config: String = "") async throws -> (server: TestHTTPServer, daemon: DaemonHarness) {
        let server = try await TestHTTPServer.start()
        server.route("/lwn.xml", .ok("""
            <rss version="2.0"><channel><title>LWN</title>
            <item><guid>1</guid><title>Rust in the kernel</title><description>Borrow checker news</description></item>
            <item><guid>2</guid><title>Scheduler changes</title><description>Nothing about languages</description></item>
            </channel></rss>
            """))
        server.route("/pod.xml", .ok("""
            <rss version="2.0"><channel><title>A Podcast</title>
            <item><guid>e1</guid><title>Episode 1</title><description>We talk about Go and Rust</description>
            <enclosure url="\(server.url("/1.mp3"))" type="audio/mpeg" length="1000"/></item>
            </channel></rss>
            """))
        let daemon = try await DaemonHarness(config: config)
        for path in ["/lwn.xml", "/pod.xml"] {
            let subscribed = try await daemon.tidings(["subscribe", server.url(path)])
            #expect(subscribed.status == 0, "\(subscribed)")
        }
        let tagged = try await daemon.tidings(["tag", "LWN", "linux"])
        #expect(tagged.status == 0, "\(tagged)")
        return (server, daemon)
    }

    private static func titles(_ daemon: DaemonHarness, _ arguments: [String]) async throws -> [String] {
        let listed = try await daemon.tidings(["list", "--json"] + arguments)
        #expect(listed.status == 0, "\(listed)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [String: Any], "\(listed.out)")
        let items = try #require(document["items"] as? [[String: Any]], "\(listed.out)")
        return items.compactMap { $0["title"] as? String }.sorted()
    }

    @Test func listWhereSelectsWhatTheQuerySays() async throws {
        let (server, daemon) = try await Self.world()
        defer { Task { try? await server.stop() } }
        defer { daemon.signal(SIGTERM) }
        #expect(try await Self.titles(daemon, ["--where", "rust"]) == ["Episode 1", "Rust in the kernel"])
        #expect(try await Self.titles(daemon, ["--where", "rust tag:linux"]) == ["Rust in the kernel"])
        #expect(try await Self.titles(daemon, ["--where", "-tag:linux"]) == ["Episode 1"])
        #expect(try await Self.titles(daemon, ["--where", "has:enclosure OR title:scheduler"]) == ["Episode 1", "Scheduler changes"])
        #expect(try await Self.titles(daemon, ["--where", #""borrow checker" OR go"#]) == ["Episode 1", "Rust in the kernel"])

        // Read items are listed unless the query (or --unread) says otherwise, as a view lists them.
        let read = try await daemon.tidings(["read", "--all"])
        #expect(read.status == 0, "\(read)")
        #expect(try await Self.titles(daemon, ["--where", "rust"]) == ["Episode 1", "Rust in the kernel"])
        #expect(try await Self.titles(daemon, ["--where", "rust is:unread"]).isEmpty)
        #expect(try await Self.titles(daemon, ["--unread", "--where", "rust"]).isEmpty)
    }

    @Test func aMistakeIsRefusedBeforeAnythingIsSent() async throws {
        let (server, daemon) = try await Self.world()
        defer { Task { try? await server.stop() } }
        defer { daemon.signal(SIGTERM) }
        let wrong = try await daemon.tidings(["list", "--where", "tga:linux"])
        #expect(wrong.status == 2, "\(wrong)")
        #expect(wrong.err.hasPrefix("tidings: --where: no field 'tga:' (fields: is, has, tag"), "\(wrong)")
        let unclosed = try await daemon.tidings(["list", "--where", "(rust OR go"])
        #expect(unclosed.status == 2 && unclosed.err.hasPrefix("tidings: --where: a '(' is not closed\n"), "\(unclosed)")
    }

    /// `tidings view`'s piped lines: each view's name and query.
    private static func namesAndQueries(_ daemon: DaemonHarness) async throws -> [String] {
        let listed = try await daemon.tidings(["view"])
        let lines: [Substring] = listed.out.split(separator: "\n")
        return lines.map { line -> String in
            let fields: [Substring] = line.split(separator: "\t", omittingEmptySubsequences: false)
            return fields.count > 3 ? "\(fields[0]) \(fields[3])" : String(line)
        }
    }

    /// `tidings view --json`: each view's name, origin and counts.
    private static func views(_ daemon: DaemonHarness) async throws -> [String: (origin: String, unread: Int?, total: Int?)] {
        let listed = try await daemon.tidings(["view", "--json"])
        #expect(listed.status == 0, "\(listed)")
        #expect(try JSONSchemaValidator(schema: "views.json").problems(in: Data(listed.out.utf8)).isEmpty, "\(listed.out)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [String: Any], "\(listed.out)")
        let views = try #require(document["views"] as? [[String: Any]], "\(listed.out)")
        return Dictionary(uniqueKeysWithValues: views.map { view in
            (view["name"] as? String ?? "", (view["origin"] as? String ?? "", view["unread"] as? Int, view["total"] as? Int))
        })
    }

    @Test func viewsOfTheConfigAndOfTheCommandAreListedCountedAndMarkedRead() async throws {
        let (server, daemon) = try await Self.world(config: """
            views:
              Episodes: has:enclosure is:unread
            """)
        defer { Task { try? await server.stop() } }
        defer { daemon.signal(SIGTERM) }
        let added = try await daemon.tidings(["view", "add", "Rust news", "rust tag:linux"])
        #expect(added.status == 0 && added.out == "Saved the view 'Rust news' (rust tag:linux)\n", "\(added)")
        var views = try await Self.views(daemon)
        #expect(views["Episodes"]?.origin == "config" && views["Episodes"]?.unread == 1 && views["Episodes"]?.total == 1)
        #expect(views["Rust news"]?.origin == "stored" && views["Rust news"]?.unread == 1 && views["Rust news"]?.total == 1)

        // A name is one view without case, and the config's are the config's.
        let taken = try await daemon.tidings(["view", "add", "RUST NEWS", "go"])
        #expect(taken.status == 1 && taken.err.contains("a view named 'Rust news' exists ('rust tag:linux')"), "\(taken)")
        let configured = try await daemon.tidings(["view", "remove", "episodes"])
        #expect(configured.status == 1 && configured.err.contains("defined in the config file"), "\(configured)")
        let wrong = try await daemon.tidings(["view", "add", "Bad", "tga:linux"])
        #expect(wrong.status == 1 && wrong.err.contains("no field 'tga:'"), "\(wrong)")

        #expect(try await Self.titles(daemon, ["--view", "rust news"]) == ["Rust in the kernel"])
        #expect(try await Self.titles(daemon, ["--view", "Episodes"]) == ["Episode 1"])
        let unknown = try await daemon.tidings(["list", "--view", "nope"])
        #expect(unknown.status == 1 && unknown.err.contains("no view named 'nope': the views are 'Episodes', 'Rust news'"), "\(unknown)")

        // Counts follow reading: a view marked read, then one item of another by number.
        let marked = try await daemon.tidings(["read", "--view", "Rust news"])
        #expect(marked.status == 0 && marked.out == "Marked 1 item read in the view 'Rust news'\n", "\(marked)")
        views = try await Self.views(daemon)
        #expect(views["Rust news"]?.unread == 0 && views["Rust news"]?.total == 1, "read items stay in a view whose query does not say is:unread")
        let episode = try await daemon.tidings(["list", "--view", "Episodes"])
        let number = try #require(episode.out.split(separator: "\t").first.map(String.init))
        _ = try await daemon.tidings(["read", number])
        views = try await Self.views(daemon)
        #expect(views["Episodes"]?.unread == 0 && views["Episodes"]?.total == 0, "is:unread leaves the view as its item is read")
        #expect(try await Self.titles(daemon, ["--view", "Episodes"]).isEmpty)

        let replaced = try await daemon.tidings(["view", "add", "rust news", "go", "--replace"])
        #expect(replaced.status == 0 && replaced.out == "Replaced the view 'rust news' (rust tag:linux → go)\n", "\(replaced)")
        let removed = try await daemon.tidings(["view", "remove", "RUST NEWS"])
        #expect(removed.status == 0 && removed.out == "Removed the view 'rust news' (go)\n", "\(removed)")
        for change in [["view", "add", "Again", "go", "--json"], ["view", "add", "again", "rust", "--replace", "--json"], ["view", "remove", "again", "--json"]] {
            let done = try await daemon.tidings(change)
            #expect(done.status == 0, "\(done)")
            #expect(try JSONSchemaValidator(schema: "view-change.json").problems(in: Data(done.out.utf8)).isEmpty, "\(done.out)")
        }
        #expect(try await Self.views(daemon).keys.sorted() == ["Episodes"])
    }

    @Test func countsAreLiveAsItemsArrive() async throws {
        let (server, daemon) = try await Self.world()
        defer { Task { try? await server.stop() } }
        defer { daemon.signal(SIGTERM) }
        _ = try await daemon.tidings(["view", "add", "Rust", "rust is:unread"])
        #expect(try await Self.views(daemon)["Rust"]?.unread == 2)
        server.route("/lwn.xml", .ok("""
            <rss version="2.0"><channel><title>LWN</title>
            <item><guid>1</guid><title>Rust in the kernel</title><description>Borrow checker news</description></item>
            <item><guid>2</guid><title>Scheduler changes</title><description>Nothing about languages</description></item>
            <item><guid>3</guid><title>Rust 2.0 released</title><description>A new edition</description></item>
            </channel></rss>
            """))
        let refreshed = try await daemon.tidings(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed)")
        #expect(try await Self.views(daemon)["Rust"]?.unread == 3, "the new item counts at once: the index catches up first")
        #expect(try await Self.titles(daemon, ["--view", "Rust"]) == ["Episode 1", "Rust 2.0 released", "Rust in the kernel"])
    }

    @Test func newsboatQueryFeedsAreImportedAsViewsAndExportedBack() async throws {
        let (server, daemon) = try await Self.world()
        defer { Task { try? await server.stop() } }
        defer { daemon.signal(SIGTERM) }
        let urls = daemon.directory.appendingPathComponent("urls")
        try #"""
            \#(server.url("/lwn.xml")) linux
            "query:Unread Rust:unread = \"yes\" and (title =~ \"Rust\" or content =~ \"Rust\")"
            "query:Recent episodes:enclosure_url != \"\" and age < 30" podcasts
            "query:Fancy:title =~ \"^Rust\""
            "query:Stars:flags # \"s\""
            """#.write(to: urls, atomically: true, encoding: .utf8)
        let imported = try await daemon.tidings(["import", urls.path])
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.out == "Imported 0 feeds and 2 saved views (1 already subscribed, 2 skipped)\n", "\(imported)")
        #expect(imported.err.contains("line 4: query:Fancy:title =~ \"^Rust\": newsboat's filter could not be translated: 'title =~ \"^Rust\"': the regular expression is more than text ('^')"), "\(imported)")
        #expect(imported.err.contains("line 5: query:Stars:flags # \"s\": newsboat's filter could not be translated: 'flags # \"s\"': newsboat's 'flags' has no counterpart"), "\(imported)")
        let views = try await Self.views(daemon)
        #expect(views.keys.sorted() == ["Recent episodes", "Unread Rust"])
        #expect(views["Unread Rust"]?.unread == 2)
        #expect(try await Self.titles(daemon, ["--view", "Unread Rust"]) == ["Episode 1", "Rust in the kernel"])
        #expect(try await Self.titles(daemon, ["--view", "Recent episodes"]) == ["Episode 1"])

        // Importing again adds nothing; a name taken with another query is skipped with both.
        let again = try await daemon.tidings(["import", urls.path])
        #expect(again.out == "Imported 0 feeds and 0 saved views (1 already subscribed, 2 views already there, 2 skipped)\n", "\(again)")
        let json = try await daemon.tidings(["import", urls.path, "--json"])
        #expect(try JSONSchemaValidator(schema: "import.json").problems(in: Data(json.out.utf8)).isEmpty, "\(json.out)")
        #expect(json.out.contains(#""existingViews":[{"name":"Unread Rust","query":"is:unread Rust","origin":"stored","unread":null,"total":null}"#), "\(json.out)")
        _ = try await daemon.tidings(["view", "remove", "Recent episodes"])
        _ = try await daemon.tidings(["view", "add", "Recent episodes", "is:starred"])
        let conflict = try await daemon.tidings(["import", urls.path])
        #expect(conflict.err.contains("a view of this name exists already, with another query ('is:starred')"), "\(conflict)")

        // Written back, the views are query feeds newsboat reads, and read back as the same views.
        _ = try await daemon.tidings(["view", "add", "Recent episodes", "has:enclosure newer:30d", "--replace"])
        let exported = try await daemon.tidings(["export", "--format", "newsboat"])
        #expect(exported.status == 0, "\(exported)")
        #expect(exported.out.contains(#""query:Unread Rust:unread = \"yes\" and (title =~ \"Rust\" or content =~ \"Rust\")""#), "\(exported.out)")
        #expect(exported.out.contains(#""query:Recent episodes:enclosure_url != \"\" and age < 30""#), "\(exported.out)")
        let fresh = try await DaemonHarness()
        defer { fresh.signal(SIGTERM) }
        let file = fresh.directory.appendingPathComponent("exported")
        try exported.out.write(to: file, atomically: true, encoding: .utf8)
        let reimported = try await fresh.tidings(["import", file.path])
        #expect(reimported.status == 0 && reimported.out == "Imported 2 feeds and 2 saved views; the daemon fetches them now\n", "\(reimported)")
        #expect(try await Self.namesAndQueries(fresh) == Self.namesAndQueries(daemon), "the same views, with the same queries")
    }
}

import Foundation
import Testing
import TestSupport

/// The query language through the whole path: `tidings list --where` on a real daemon, its
/// feeds served on 127.0.0.1, the query read by the client (mistakes refused before anything
/// is sent) and by the daemon.
@Suite(.timeLimit(.minutes(2)))
struct SavedViewsTests {
    /// A daemon subscribed to two feeds, one tagged linux, with items that mention rust or go.
    static func world() async throws -> (server: TestHTTPServer, daemon: DaemonHarness) {
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
        let daemon = try await DaemonHarness()
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
}

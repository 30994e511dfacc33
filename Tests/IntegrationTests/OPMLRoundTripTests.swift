import Foundation
import Synchronization
import Testing
import TestSupport

/// `export` then `import` into a fresh daemon leaves the feeds as they were: the user's own
/// titles stay theirs, every other title follows its feed, a feed never fetched is not named by
/// its URL for good, and the numbers follow the file. Another reader's OPML is read as its users
/// expect: a title that is the feed's own follows the feed, a renamed one stays.
@Suite(.timeLimit(.minutes(2)))
struct OPMLRoundTripTests {
    /// Feed titles the test server serves, changed mid-test.
    final class Titles: Sendable {
        let current: Mutex<[String: String]>
        init(_ titles: [String: String]) { current = Mutex(titles) }
        subscript(path: String) -> String { current.withLock { $0[path] ?? "" } }
        func set(_ path: String, _ title: String) { current.withLock { $0[path] = title } }
    }

    static func serve(_ titles: Titles, on server: TestHTTPServer) {
        for path in titles.current.withLock({ Array($0.keys) }) {
            server.route(path) { _ in
                .ok(UnsubscribeTests.rss(titles[path], [("\(path)-1", "An item of \(path)", "text")]))
            }
        }
        server.route("/missing.xml", .status(404))
    }

    /// `number title url` of each feed, in `feeds` order.
    static func feeds(_ daemon: DaemonHarness) async throws -> [String] {
        let result = try await daemon.tidings(["feeds", "--json"])
        #expect(result.status == 0, "\(result)")
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        return (document["feeds"] as? [[String: Any]] ?? []).map { feed in
            "\(feed["number"] ?? "") \(feed["title"] ?? "") \(feed["url"] ?? "")"
        }
    }

    /// Waits until `count` feeds have been fetched (an import fetches its new feeds right after
    /// answering), at most 10 s.
    static func waitForFetches(_ daemon: DaemonHarness, count: Int) async throws {
        for _ in 0..<200 {
            let result = try await daemon.tidings(["feeds", "--json"])
            let document = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
            let fetched = (document?["feeds"] as? [[String: Any]] ?? []).filter { $0["lastRefreshed"] is String }
            if fetched.count >= count { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw HarnessError("\(count) feeds were not fetched within 10 s")
    }

    /// An export without its date line, which differs from one run to the next.
    static func undated(_ export: ProcessResult) -> [Substring] {
        export.out.split(separator: "\n").filter { !$0.contains("<dateCreated>") }
    }

    @Test func exportThenImportKeepsExactlyTheOwnTitles() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        let titles = Titles(["/beta.xml": "Beta", "/alpha.xml": "Alpha", "/gamma.xml": "Gamma"])
        Self.serve(titles, on: server)
        let (alpha, beta, gamma, missing) = (
            server.url("/alpha.xml"), server.url("/beta.xml"), server.url("/gamma.xml"), server.url("/missing.xml")
        )
        let first = try await DaemonHarness()
        for url in [beta, alpha, gamma] { #expect(try await first.tidings(["subscribe", url]).status == 0) }
        #expect(try await first.tidings(["rename", "1", "My", "Beta"]).status == 0)
        #expect(try await first.tidings(["rename", "3", "Gamma"]).status == 0, "an own title that is the feed's title too")
        // A feed that could never be fetched has no title but its URL.
        let urls = first.directory.appendingPathComponent("urls")
        try "\(missing)\n".write(to: urls, atomically: true, encoding: .utf8)
        #expect(try await first.tidings(["import", urls.path]).status == 0)
        _ = try await first.tidings(["refresh"])
        let before = try await Self.feeds(first)
        #expect(before == ["1 My Beta \(beta)", "2 Alpha \(alpha)", "3 Gamma \(gamma)", "4 \(missing) \(missing)"])

        let exported = try await first.tidings(["export"])
        #expect(exported.status == 0, "\(exported)")
        #expect(exported.out.contains(#"text="My Beta" title="My Beta" xmlUrl="\#(beta)" htmlUrl="https://beta.example/" tidings:customTitle="true""#), "\(exported)")
        #expect(exported.out.contains(#"text="Alpha" title="Alpha" xmlUrl="\#(alpha)" htmlUrl"#), "\(exported)")
        #expect(exported.out.contains(#"<outline type="rss" text="\#(missing)" xmlUrl="\#(missing)"/>"#), "\(exported)")
        let file = first.directory.appendingPathComponent("subscriptions.opml")
        try exported.stdout.write(to: file)
        #expect(await first.stop() == 0)

        // A fresh daemon: the same numbers, titles and URLs at once, and once fetched the same export...
        let second = try await DaemonHarness()
        let imported = try await second.tidings(["import", file.path])
        #expect(imported.status == 0, "\(imported)")
        #expect(try await Self.feeds(second) == before)
        try await Self.waitForFetches(second, count: 3)
        let again = try await second.tidings(["export"])
        #expect(Self.undated(again) == Self.undated(exported), "\(again)")
        // ...and after the feeds change their titles, only the own ones stay.
        titles.set("/beta.xml", "Beta, renamed")
        titles.set("/alpha.xml", "Alpha, renamed")
        titles.set("/gamma.xml", "Gamma, renamed")
        _ = try await second.tidings(["refresh"])
        #expect(try await Self.feeds(second) == [
            "1 My Beta \(beta)", "2 Alpha, renamed \(alpha)", "3 Gamma \(gamma)", "4 \(missing) \(missing)",
        ])
        #expect(await second.stop() == 0)
    }

    @Test func anotherReadersTitlesFollowTheFeedUnlessTheUserRenamedIt() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        let titles = Titles(["/alpha.xml": "Alpha", "/beta.xml": "Beta"])
        Self.serve(titles, on: server)
        let daemon = try await DaemonHarness()
        let file = daemon.directory.appendingPathComponent("newsboat.opml")
        // As newsboat and miniflux export: text and title are the title shown, nothing marks it.
        try """
            <?xml version="1.0"?>
            <opml version="2.0"><head><title>newsboat - Exported Feeds</title></head><body>
              <outline type="rss" xmlUrl="\(server.url("/beta.xml"))" htmlUrl="https://beta.example/" title="My Beta" text="My Beta"/>
              <outline type="rss" xmlUrl="\(server.url("/alpha.xml"))" htmlUrl="https://alpha.example/" title="alpha" text="alpha"/>
            </body></opml>
            """.write(to: file, atomically: true, encoding: .utf8)
        #expect(try await daemon.tidings(["import", file.path]).status == 0)
        try await Self.waitForFetches(daemon, count: 2)
        #expect(try await Self.feeds(daemon) == ["1 My Beta \(server.url("/beta.xml"))", "2 Alpha \(server.url("/alpha.xml"))"])
        titles.set("/alpha.xml", "Alpha, renamed")
        titles.set("/beta.xml", "Beta, renamed")
        _ = try await daemon.tidings(["refresh"])
        #expect(try await Self.feeds(daemon) == [
            "1 My Beta \(server.url("/beta.xml"))", "2 Alpha, renamed \(server.url("/alpha.xml"))",
        ])
        #expect(await daemon.stop() == 0)
    }
}

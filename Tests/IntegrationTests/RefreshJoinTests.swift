import Foundation
import Testing
import TestSupport

/// A `tidings refresh` that comes while a refresh of every feed runs joins that pass rather
/// than fetching twice, and prints what a pass it started would: piped, a line for every feed
/// of the pass (those done before it came too), then the summary.
@Suite(.timeLimit(.minutes(2)))
struct RefreshJoinTests {
    @Test func aRefreshJoiningARunningPassPrintsALineForEveryFeed() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        // The slowest answer is held until the second refresh is seen to have joined, however
        // long a loaded machine takes to start it.
        let delays = [0, 1, 2, 3]
        let slowest = TestHTTPGate()
        var urls: [String] = []
        for (feed, _) in delays.enumerated() {
            server.route("/\(feed).xml", .ok(ManyFeeds.rss(feed: feed, items: 2)))
            urls.append(server.url("/\(feed).xml"))
        }
        let daemon = try await DaemonHarness(config: "concurrency: 8\nper_host_concurrency: 8")
        let imported = try await ManyFeeds.importAll(urls, directory: daemon.directory, tidings: { try await daemon.tidings($0) })
        #expect(imported.status == 0, "\(imported)")
        // The import's own fetches (one per feed) end before the slow answers are set up.
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(20)
        while clock.now < deadline {
            let rows = try await daemon.tidings(["feeds"]).out.split(separator: "\n")
            let refreshed = rows.filter { $0.split(separator: "\t", omittingEmptySubsequences: false)[3] != "" }
            if refreshed.count == urls.count { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(server.requests.count == urls.count)
        for (feed, delay) in delays.enumerated() {
            var response = TestHTTPResponse.ok(ManyFeeds.rss(feed: feed, items: 2))
            response.delay = delay == 0 ? nil : .seconds(delay)
            if feed == delays.count - 1 { response.gate = slowest }
            server.route("/\(feed).xml", response)
        }

        async let started = daemon.tidings(["refresh"])
        // Joins once every feed has been asked for again and the fast one is done.
        while server.requests.count < 2 * urls.count, clock.now < deadline + .seconds(20) {
            try await Task.sleep(for: .milliseconds(20))
        }
        try await Task.sleep(for: .milliseconds(500))
        let joining = try BackgroundClient(daemon: daemon, arguments: ["refresh"])
        defer { joining.stop() }
        // The pass's progress so far is replayed to a refresh that joins it: its first line
        // is the signal that it has.
        let joinedLine = try? await joining.firstLine(containing: "Feed 0: no new items", within: .seconds(60))
        slowest.open()
        let first = try await started
        let joined = (status: await joining.exitStatus(within: .seconds(30)), out: joining.printed, err: joining.errors)
        #expect(joinedLine != nil, "the second refresh printed nothing while the pass ran: \(joined)")

        #expect(
            server.requests.count == 2 * urls.count,
            """
            the second refresh joined the pass instead of fetching again; requests: \(server.requests.map(\.path))
            first: \(first)
            joined: \(joined)
            \(daemon.log())
            """)
        #expect(first.status == 0, "\(first)")
        #expect(joined.status == 0, "\(joined)")
        let expected = (0..<urls.count).map { "Feed \($0): no new items" }
        for (out, described) in [(first.out, "\(first)"), (joined.out, "\(joined)")] {
            let lines = out.split(separator: "\n").map(String.init)
            #expect(lines.count == urls.count + 1, "\(described)")
            #expect(Set(lines.dropLast()) == Set(expected), "\(described)")
            #expect(lines.last == "Refreshed 4 feeds: no new items", "\(described)")
        }
    }

    /// The first hour of a new user: `tidings import` starts a pass in the background, and a
    /// `tidings refresh` typed right after it takes the import pass's fetches instead of
    /// fetching every feed a second time, and reports what that pass stored.
    @Test func aRefreshRightAfterAnImportFetchesEachFeedOnceAndReportsTheNewItems() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        var urls: [String] = []
        for feed in 0..<12 {
            var response = TestHTTPResponse.ok(ManyFeeds.rss(feed: feed, items: 3))
            // The import's pass (2 at a time) takes 12 s: still running when the refresh comes,
            // however loaded the machine (a full `make test` once held this test's next step
            // back for more than 6 s).
            response.delay = .seconds(2)
            server.route("/\(feed).xml", response)
            urls.append(server.url("/\(feed).xml"))
        }
        let daemon = try await DaemonHarness(config: "concurrency: 2\nper_host_concurrency: 2")
        let imported = try await ManyFeeds.importAll(urls, directory: daemon.directory, tidings: { try await daemon.tidings($0) })
        #expect(imported.status == 0, "\(imported)")
        let refreshed = try await daemon.tidings(["refresh"])

        #expect(refreshed.status == 0, "\(refreshed)")
        #expect(server.requests.count == urls.count, "\(server.requests.map(\.path))")
        for feed in 0..<urls.count {
            #expect(server.requests.filter { $0.path == "/\(feed).xml" }.count == 1, "feed \(feed)")
        }
        #expect(refreshed.out.split(separator: "\n").last == "Refreshed 12 feeds: 36 new items", "\(refreshed)")
    }
}

import Foundation
import Testing
import TestSupport

/// A daemon that ran with its clock two days ahead (libfaketime), then starts again at the real
/// time: the feed it refreshed is refreshed again within one interval, not two days later.
@Suite(.timeLimit(.minutes(4)), .enabled(if: Faketime.isInstalled, "libfaketime is missing (make test installs faketime)"))
struct ClockSetBackTests {
    /// The configured interval, and the top of its ±10 % spread.
    static let interval: TimeInterval = 60
    static let latest = interval * 1.1

    static let rss = "<rss version=\"2.0\"><channel><title>Clock</title><item><title>One</title><guid>1</guid></item></channel></rss>"

    /// The next check of the one feed, from the piped `tidings feeds` (tenth column).
    static func nextCheck(_ daemon: DaemonHarness) async throws -> Date? {
        let feeds = try await daemon.tidings(["feeds"])
        #expect(feeds.status == 0, "\(feeds)")
        let columns = feeds.out.split(separator: "\n").first?.split(separator: "\t", omittingEmptySubsequences: false) ?? []
        guard columns.count > 9 else { return nil }
        return ISO8601DateFormatter().date(from: String(columns[9]))
    }

    @Test func aClockSetBackAfterRunningTwoDaysAheadCostsAtMostOneInterval() async throws {
        let server = try await TestHTTPServer.start()
        server.route("/feed.xml", .ok(Self.rss))
        let daemon = try await DaemonHarness(config: "refresh_interval: 1m", environment: Faketime.environment("+2d"), launcher: Faketime.launcher)

        #expect(try await daemon.tidings(["subscribe", server.url("/feed.xml")]).status == 0)
        #expect(try await daemon.tidings(["refresh"]).status == 0)
        let scheduledAhead = try #require(try await Self.nextCheck(daemon))
        #expect(scheduledAhead > Date().addingTimeInterval(86400), "the daemon ran two days ahead: \(scheduledAhead)")
        #expect(await daemon.stop() == 0)

        let fetched = server.requests(for: "/feed.xml").count
        try await daemon.restart(environment: [:], launcher: [])
        let restarted = Date()
        #expect(await daemon.waitForLog("the clock was set back"), "\(daemon.log())")
        let corrected = try #require(try await Self.nextCheck(daemon))
        #expect(corrected <= restarted.addingTimeInterval(Self.latest + 1), "next check \(corrected), restarted \(restarted)")
        let status = try await daemon.tidings(["status"])
        let nextRefresh = status.out.split(separator: "\n").first { $0.hasPrefix("nextRefresh\t") }?.split(separator: "\t").last
        #expect(nextRefresh.flatMap { ISO8601DateFormatter().date(from: String($0)) } == corrected, "\(status)")

        // The scheduler looks once a minute: the corrected check comes at its next look after.
        let deadline = ContinuousClock.now + .seconds(Self.latest + 90)
        while server.requests(for: "/feed.xml").count == fetched, ContinuousClock.now < deadline {
            try await Task.sleep(for: .seconds(1))
        }
        #expect(server.requests(for: "/feed.xml").count > fetched, "refreshed again within one interval")
        let rescheduled = try #require(try await Self.nextCheck(daemon))
        #expect(rescheduled <= Date().addingTimeInterval(Self.latest + 1))

        #expect(await daemon.stop() == 0)
        try await server.stop()
    }
}

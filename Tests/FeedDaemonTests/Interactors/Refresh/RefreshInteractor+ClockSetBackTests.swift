@testable import FeedDaemon
import FeedEntities
import Foundation
import Testing
import TestSupport

/// A clock set back after running ahead, with the real fetcher, parser and store against a
/// scripted server (`RefreshInteractorHTTPTests`' harness: interval 1000 s, spread ±10 %).
@Suite("RefreshInteractor with a clock set back", .timeLimit(.minutes(3)))
struct RefreshInteractorClockSetBackTests {
    let http = RefreshInteractorHTTPTests()

    @Test func aClockSetBackTwoDaysCostsAtMostOneInterval() async throws {
        try await http.withHarness { h in
            h.server.route("/feed", .ok(RefreshInteractorHTTPTests.rss(1)))
            let (feed, _) = try await h.refresher.subscribe(url: h.server.url("/feed"))
            h.clock.advance(2 * 86400)
            #expect(try await h.refresher.refreshDue().count == 1, "refreshed while the clock runs ahead")
            #expect(try #require(try await h.feed(feed.id).nextCheck) > h.clock.now)

            h.clock.advance(-2 * 86400)
            #expect(try await h.refresher.refreshDue().isEmpty)
            let corrected = try #require(try await h.feed(feed.id).nextCheck)
            #expect(Int(corrected.timeIntervalSince(h.clock.now).rounded()) == 1100, "stored, so status and feeds show it")
            #expect(try await h.store.statistics().nextCheck == corrected)

            h.clock.advance(1100)
            #expect(try await h.refresher.refreshDue().count == 1)
            #expect(Int(try #require(try await h.feed(feed.id).nextCheck).timeIntervalSince(h.clock.now).rounded()) == 1000)
        }
    }

    @Test func aFreshnessHintBeyondTheIntervalStandsWhileTheClockRunsForward() async throws {
        try await http.withHarness { h in
            h.server.route("/feed", .init(headers: [("Cache-Control", "max-age=5000")], body: Array(RefreshInteractorHTTPTests.rss(1).utf8)))
            let (feed, _) = try await h.refresher.subscribe(url: h.server.url("/feed"))
            let scheduled = try #require(try await h.feed(feed.id).nextCheck)
            #expect(scheduled.timeIntervalSince(h.clock.now) == 5000)

            h.clock.advance(10)
            #expect(try await h.refresher.refreshDue().isEmpty)
            #expect(try await h.feed(feed.id).nextCheck == scheduled)
        }
    }
}

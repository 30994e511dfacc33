@testable import FeedDaemon
import FeedEntities
import FeedFetching
import FeedParsing
import FeedStorage
import Foundation
import Logging
import Synchronization
import Testing
import TestSupport

/// Refreshes against a scripted HTTP server on 127.0.0.1 with the real fetcher, parser and
/// store: what each kind of answer does to the feed's items, health and schedule.
@Suite("RefreshInteractor over HTTP", .timeLimit(.minutes(3)))
struct RefreshInteractorHTTPTests {
    static func rss(_ items: Int...) -> String {
        "<rss version=\"2.0\"><channel><title>Scripted</title>"
            + items.map { "<item><title>Item \($0)</title><guid>g\($0)</guid></item>" }.joined()
            + "</channel></rss>"
    }

    /// A clock the test moves by hand.
    final class Clock: Sendable {
        private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        var now: Date { current.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    struct Harness {
        let server: TestHTTPServer
        let store: SQLiteFeedStore
        let refresher: RefreshInteractor
        let clock: Clock

        func feed(_ id: Int64) async throws -> Feed { try #require(try await store.feed(id: id)) }
    }

    /// Interval 1000 s, no jitter (the schedule's random source returns 0.5).
    func withHarness(_ body: (Harness) async throws -> Void) async throws {
        let server = try await TestHTTPServer.start()
        let fetcher = CurlRemoteDataManager(options: FetchOptions(version: "0.0-test"), logger: Logger(label: "test"))
        let clock = Clock()
        let store = try SQLiteFeedStore.inMemory()
        let refresher = RefreshInteractor.make(
            fetcher: fetcher, parser: LibXMLFeedParser(), store: store,
            schedule: RefreshSchedule(interval: 1000, random: { 0.5 }), concurrency: 4,
            now: { clock.now }, logger: Logger(label: "test"))
        do {
            try await body(Harness(server: server, store: store, refresher: refresher, clock: clock))
        } catch {
            await fetcher.shutdown()
            try? await server.stop()
            throw error
        }
        await fetcher.shutdown()
        try await server.stop()
    }

    @Test func etagMakesTheNextRefreshConditionalAnd304WritesNothing() async throws {
        try await withHarness { h in
            h.server.route("/feed", TestHTTPResponse(headers: [("ETag", "\"v1\"")], body: Array(Self.rss(1, 2).utf8)))
            let (feed, _) = try await h.refresher.subscribe(url: h.server.url("/feed"))
            #expect(try await h.feed(feed.id).etag == "\"v1\"", "the subscription stores the validators")

            h.server.route("/feed", handler: { request in
                request.header("If-None-Match") == "\"v1\"" ? .status(304) : .ok(Self.rss(1, 2, 3))
            })
            let outcome = try #require(try await h.refresher.refreshFeeds([feed.id]).first)

            #expect(outcome.notModified && outcome.newItems == 0 && outcome.error == nil)
            let stored = try await h.feed(feed.id)
            #expect(stored.httpStatus == 304 && stored.etag == "\"v1\"" && stored.itemCount == 2)
            #expect(stored.consecutiveFailures == 0 && stored.lastRefreshed == h.clock.now)
        }
    }

    @Test func lastModifiedMakesTheNextRefreshConditional() async throws {
        try await withHarness { h in
            let stamp = "Tue, 01 Apr 2025 10:00:00 GMT"
            h.server.route("/feed", handler: { request in
                request.header("If-Modified-Since") == stamp
                    ? .status(304) : TestHTTPResponse(headers: [("Last-Modified", stamp)], body: Array(Self.rss(1).utf8))
            })
            let (feed, _) = try await h.refresher.subscribe(url: h.server.url("/feed"))
            let outcome = try #require(try await h.refresher.refreshFeeds([feed.id]).first)

            #expect(outcome.notModified, "the subscription's Last-Modified makes the first refresh conditional")
            #expect(h.server.requests(for: "/feed").map { $0.header("If-Modified-Since") } == [nil, stamp])
            #expect(try await h.feed(feed.id).lastModified == stamp)
        }
    }

    @Test func aPermanentRedirectSeenTwiceMovesTheFeedAndKeepsItsItems() async throws {
        try await withHarness { h in
            h.server.route("/old", .ok(Self.rss(1, 2)))
            let (feed, _) = try await h.refresher.subscribe(url: h.server.url("/old"))
            let read = try await h.store.items(ItemQuery(unreadOnly: false, feedID: feed.id))
            _ = try await h.store.markRead(ids: [read[0].id], read: true)
            h.server.route("/old", .redirect(to: "/new", status: 301))
            h.server.route("/new", .ok(Self.rss(1, 2, 3)))

            let first = try #require(try await h.refresher.refreshFeeds([feed.id]).first)
            #expect(first.movedTo == nil && first.newItems == 1)
            #expect(try await h.feed(feed.id).url == h.server.url("/old"))
            #expect(try await h.feed(feed.id).movedTo == h.server.url("/new"))

            let second = try #require(try await h.refresher.refreshFeeds([feed.id]).first)
            let moved = try await h.feed(feed.id)
            #expect(second.movedTo == h.server.url("/new"))
            #expect(moved.url == h.server.url("/new") && moved.movedTo == nil)
            #expect(moved.itemCount == 3 && moved.unreadCount == 2)
        }
    }

    @Test func aTemporaryRedirectLeavesTheURLAlone() async throws {
        try await withHarness { h in
            h.server.route("/feed", .ok(Self.rss(1)))
            let (feed, _) = try await h.refresher.subscribe(url: h.server.url("/feed"))
            h.server.route("/feed", .redirect(to: "/elsewhere", status: 302))
            h.server.route("/elsewhere", .ok(Self.rss(1, 2)))

            for _ in 0..<3 { _ = try await h.refresher.refreshFeeds([feed.id]) }

            let stored = try await h.feed(feed.id)
            #expect(stored.url == h.server.url("/feed") && stored.movedTo == nil && stored.itemCount == 2)
        }
    }

    @Test func goneRetiresTheFeedWhichTheScheduleThenSkips() async throws {
        try await withHarness { h in
            h.server.route("/feed", .ok(Self.rss(1)))
            let (feed, _) = try await h.refresher.subscribe(url: h.server.url("/feed"))
            h.server.route("/feed", .status(410))

            let outcome = try #require(try await h.refresher.refreshFeeds([feed.id]).first)
            #expect(outcome.isGone && outcome.error == "HTTP 410 Gone")
            let stored = try await h.feed(feed.id)
            #expect(stored.goneSince == h.clock.now && stored.itemCount == 1 && stored.nextCheck == nil)

            h.clock.advance(10 * 86400)
            let before = h.server.requests(for: "/feed").count
            #expect(try await h.refresher.refreshDue().isEmpty)
            #expect(try await h.refresher.refreshAll().isEmpty)
            #expect(h.server.requests(for: "/feed").count == before)
        }
    }

    @Test func retryAfterInSecondsPutsTheNextCheckThatFarAway() async throws {
        try await withHarness { h in
            h.server.route("/feed", .ok(Self.rss(1)))
            let (feed, _) = try await h.refresher.subscribe(url: h.server.url("/feed"))
            h.server.route("/feed", .status(429, headers: [("Retry-After", "12000")]))

            let outcome = try #require(try await h.refresher.refreshFeeds([feed.id]).first)
            let stored = try await h.feed(feed.id)
            #expect(outcome.error == "HTTP 429 Too Many Requests, retry after 12000 s")
            #expect(stored.httpStatus == 429 && stored.consecutiveFailures == 1)
            #expect(try #require(stored.nextCheck) >= h.clock.now.addingTimeInterval(12000))

            h.clock.advance(11_000)
            #expect(try await h.refresher.refreshDue().isEmpty, "not due before Retry-After")
            h.clock.advance(1_001)
            #expect(try await h.refresher.refreshDue().count == 1)
        }
    }

    @Test func retryAfterAsAnHTTPDate() async throws {
        try await withHarness { h in
            h.server.route("/feed", .ok(Self.rss(1)))
            let (feed, _) = try await h.refresher.subscribe(url: h.server.url("/feed"))
            h.server.route("/feed", .status(503, headers: [
                ("Date", "Sun, 06 Nov 1994 08:49:37 GMT"), ("Retry-After", "Sun, 06 Nov 1994 12:49:37 GMT"),
            ]))

            _ = try await h.refresher.refreshFeeds([feed.id])

            let stored = try await h.feed(feed.id)
            #expect(stored.httpStatus == 503)
            #expect(try #require(stored.nextCheck) >= h.clock.now.addingTimeInterval(4 * 3600))
        }
    }

    @Test func theFeedsOwnTTLStretchesTheIntervalAlsoAcross304s() async throws {
        try await withHarness { h in
            let body = "<rss version=\"2.0\"><channel><title>Slow</title><ttl>180</ttl></channel></rss>"
            h.server.route("/feed", handler: { request in
                request.header("If-None-Match") == "\"t\"" ? .status(304) : TestHTTPResponse(headers: [("ETag", "\"t\"")], body: Array(body.utf8))
            })
            let (feed, _) = try await h.refresher.subscribe(url: h.server.url("/feed"))
            #expect(try #require(try await h.feed(feed.id).nextCheck).timeIntervalSince(h.clock.now) == 3 * 3600)

            h.clock.advance(3 * 3600)
            let outcome = try #require(try await h.refresher.refreshDue().first)
            #expect(outcome.notModified)
            #expect(try #require(try await h.feed(feed.id).nextCheck).timeIntervalSince(h.clock.now) == 3 * 3600)
        }
    }

    @Test func aPageThatIsNoFeedStopsItsDownloadAtOnce() async throws {
        try await withHarness { h in
            h.server.route("/feed", .ok(Self.rss(1)))
            let (feed, _) = try await h.refresher.subscribe(url: h.server.url("/feed"))
            // 160 KB of HTML at 2 KB every half second: 40 s if it were read to the end.
            let page = "<!DOCTYPE html><html><body>" + String(repeating: "<p>moved</p>", count: 13_000)
            h.server.route("/feed", TestHTTPResponse(
                headers: [("Content-Type", "text/html")], body: Array(page.utf8), pace: (bytes: 2048, every: .milliseconds(500))))

            let started = ContinuousClock.now
            let outcome = try #require(try await h.refresher.refreshFeeds([feed.id]).first)

            #expect(outcome.error?.hasPrefix("not a feed: HTML") == true, "\(outcome)")
            #expect(ContinuousClock.now - started < .seconds(20))
            #expect(try await h.feed(feed.id).itemCount == 1)
        }
    }

    @Test func failuresBackOffDoublingUpToADayAndASuccessResets() async throws {
        try await withHarness { h in
            h.server.route("/feed", .ok(Self.rss(1)))
            let (feed, _) = try await h.refresher.subscribe(url: h.server.url("/feed"))
            h.server.route("/feed", .status(500))

            var delays: [TimeInterval] = []
            for _ in 0..<9 {
                _ = try await h.refresher.refreshFeeds([feed.id])
                let stored = try await h.feed(feed.id)
                delays.append(try #require(stored.nextCheck).timeIntervalSince(h.clock.now))
            }
            #expect(delays == [1000, 2000, 4000, 8000, 16000, 32000, 64000, 86400, 86400])
            #expect(try await h.feed(feed.id).consecutiveFailures == 9)
            #expect(try await h.feed(feed.id).lastError == "HTTP 500 Internal Server Error")

            h.server.route("/feed", TestHTTPResponse(headers: [("Cache-Control", "max-age=5000")], body: Array(Self.rss(1).utf8)))
            _ = try await h.refresher.refreshFeeds([feed.id])
            let healthy = try await h.feed(feed.id)
            #expect(healthy.consecutiveFailures == 0 && healthy.lastError == nil && healthy.httpStatus == 200)
            #expect(try #require(healthy.nextCheck).timeIntervalSince(h.clock.now) == 5000, "the feed's own hint stretches the interval")
        }
    }
}

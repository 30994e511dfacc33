import FeedFetching
import Foundation
import Testing
import TestSupport

/// What a response tells the scheduler and the store beyond its body: where a feed moved for
/// good, when to come back after a 429/503, how long the document stays fresh.
@Suite("CurlRemoteDataManager: moves, Retry-After, freshness", .timeLimit(.minutes(3)))
struct CurlRemoteDataManagerHintsTests {
    @Test func permanentRedirectsThatBeginTheChainNameTheNewURL() async throws {
        try await withFetcher { server, manager in
            server.route("/a", .redirect(to: "/b", status: 301))
            server.route("/b", .redirect(to: server.url("/c"), status: 308))
            server.route("/c", .ok("<rss/>"))

            let response = try await manager.fetch(FetchRequest(url: server.url("/a")))

            #expect(response.finalURL == server.url("/c"))
            #expect(response.permanentRedirect == server.url("/c"))
        }
    }

    @Test func aTemporaryHopEndsThePermanentPart() async throws {
        try await withFetcher { server, manager in
            server.route("/a", .redirect(to: "/b", status: 301))
            server.route("/b", .redirect(to: "/c", status: 302))
            server.route("/c", .redirect(to: "/d", status: 301))
            server.route("/d", .ok("<rss/>"))
            server.route("/t", .redirect(to: "/d", status: 307))

            let moved = try await manager.fetch(FetchRequest(url: server.url("/a")))
            let temporary = try await manager.fetch(FetchRequest(url: server.url("/t")))

            #expect(moved.permanentRedirect == server.url("/b"))
            #expect(temporary.permanentRedirect == nil)
            #expect(temporary.finalURL == server.url("/d"))
        }
    }

    @Test func retryAfterInSeconds() async throws {
        try await withFetcher { server, manager in
            server.route("/busy", .status(429, headers: [("Retry-After", "120")]))
            server.route("/plain", .status(503))

            #expect(await fetchError(manager, FetchRequest(url: server.url("/busy"))) == .retryLater(status: 429, after: 120))
            #expect(await fetchError(manager, FetchRequest(url: server.url("/plain"))) == .httpStatus(503))
            #expect(FetchError.retryLater(status: 429, after: 120).description == "HTTP 429 Too Many Requests, retry after 120 s")
        }
    }

    @Test func retryAfterAsAnHTTPDateCountsFromTheServersDate() async throws {
        try await withFetcher { server, manager in
            server.route("/down", .status(503, headers: [
                ("Date", "Sun, 06 Nov 1994 08:49:37 GMT"), ("Retry-After", "Sun, 06 Nov 1994 09:19:37 GMT"),
            ]))

            #expect(await fetchError(manager, FetchRequest(url: server.url("/down"))) == .retryLater(status: 503, after: 1800))
        }
    }

    @Test func freshnessFromCacheControlElseExpires() async throws {
        try await withFetcher { server, manager in
            server.route("/max-age", TestHTTPResponse(
                headers: [("Cache-Control", "public, max-age=3600"), ("Expires", "Sun, 06 Nov 1994 08:49:37 GMT")],
                body: Array("<rss/>".utf8)))
            server.route("/expires", TestHTTPResponse(
                headers: [("Date", "Sun, 06 Nov 1994 08:49:37 GMT"), ("Expires", "Sun, 06 Nov 1994 10:49:37 GMT")],
                body: Array("<rss/>".utf8)))
            server.route("/none", .ok("<rss/>"))

            let maxAge = try await manager.fetch(FetchRequest(url: server.url("/max-age")))
            let expires = try await manager.fetch(FetchRequest(url: server.url("/expires")))
            let none = try await manager.fetch(FetchRequest(url: server.url("/none")))

            #expect(maxAge.freshFor == 3600)
            #expect(expires.freshFor == 7200)
            #expect(none.freshFor == nil)
        }
    }
}

import FeedFetching
import Foundation
import Testing
import TestSupport

/// Bodies as servers really send them: compressed, trickling, cut short; and how many requests
/// one host sees at once.
@Suite("CurlRemoteDataManager: bodies and per-host limits", .timeLimit(.minutes(3)))
struct CurlRemoteDataManagerBodyTests {
    @Test func brotliBodyIsDecoded() async throws {
        // brotli (quality 9) of `<rss version="2.0"><channel><title>br</title></channel></rss>`.
        let compressed: [UInt8] = [
            0x1b, 0x3c, 0x00, 0x00, 0xc4, 0x6d, 0x6c, 0xdd, 0x88, 0x9f, 0xd1, 0x16, 0xdf, 0x68, 0x4c, 0x85, 0x0d,
            0x38, 0x01, 0x8a, 0x03, 0x5f, 0xb6, 0x85, 0x87, 0x89, 0x9c, 0x50, 0x59, 0xfc, 0xbd, 0x74, 0x52, 0xe9,
            0xe7, 0x66, 0x5b, 0x5c, 0x64, 0x20, 0xf7, 0xde, 0x5f, 0x61, 0x12, 0x38, 0x70, 0x22,
        ]
        try await withFetcher { server, manager in
            server.route("/br", TestHTTPResponse(
                headers: [("Content-Type", "application/rss+xml"), ("Content-Encoding", "br")], body: compressed))

            let response = try await manager.fetch(FetchRequest(url: server.url("/br")))

            #expect(String(decoding: response.body, as: UTF8.self) == #"<rss version="2.0"><channel><title>br</title></channel></rss>"#)
            #expect(server.requests(for: "/br").first?.header("Accept-Encoding")?.contains("br") == true)
        }
    }

    @Test func aTricklingBodyIsAbortedByTheLowSpeedLimit() async throws {
        try await withFetcher({ $0.lowSpeedLimit = 100; $0.lowSpeedTime = .seconds(2) }) { server, manager in
            server.route("/slow", TestHTTPResponse(
                body: Array(repeating: UInt8(ascii: " "), count: 1000), pace: (bytes: 1, every: .seconds(1))))

            let started = ContinuousClock.now
            let error = await fetchError(manager, FetchRequest(url: server.url("/slow")))

            #expect(error == .timedOut(seconds: 2))
            // The body would trickle for 1000 s: ending within half a minute is the low-speed
            // limit at work, even on a machine busy with the whole suite (10.8 s was seen).
            #expect(ContinuousClock.now - started < .seconds(30))
        }
    }

    @Test func aTruncatedBodyIsAnErrorNotAShortFeed() async throws {
        try await withFetcher { server, manager in
            server.route("/cut", TestHTTPResponse(body: Array(repeating: UInt8(ascii: "x"), count: 10_000), truncatedAfter: 4_000))

            let error = try #require(await fetchError(manager, FetchRequest(url: server.url("/cut"))))

            #expect(error.description.contains("bytes remaining") || error.description.contains("closed"), "\(error)")
        }
    }

    @Test func oneHostNeverSeesMoreThanThePerHostLimit() async throws {
        try await withFetcher({ $0.maximumPerHost = 2; $0.maximumConcurrentTransfers = 16 }) { server, manager in
            server.route("/feed", TestHTTPResponse(body: Array("<rss/>".utf8), delay: .milliseconds(100)))

            let started = ContinuousClock.now
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<10 {
                    group.addTask { try await manager.fetch(FetchRequest(url: server.url("/feed"))).status }
                }
                for try await status in group { #expect(status == 200) }
            }

            #expect(server.requests.count == 10)
            #expect(server.mostConcurrentRequests <= 2)
            // And the limit is used: two at a time, unless the machine was so busy (the whole
            // suite runs in parallel) that requests 100 ms long never overlapped.
            if ContinuousClock.now - started < .seconds(2) { #expect(server.mostConcurrentRequests == 2) }
        }
    }
}

import FeedFetching
import Foundation
import Synchronization
import Testing
import TestSupport

/// Bodies handed over while they download (`FetchBodySink`), as the refresh parses them.
@Suite("CurlRemoteDataManager: body sinks", .timeLimit(.minutes(3)))
struct CurlRemoteDataManagerSinkTests {
    final class Recorder: FetchBodySink, Sendable {
        struct State {
            var begun: [(url: String, contentType: String?)] = []
            var pieces: [[UInt8]] = []
        }
        let state = Mutex(State())
        let acceptAfter: Int

        init(acceptingBytes acceptAfter: Int = .max) {
            self.acceptAfter = acceptAfter
        }

        func begin(finalURL: String, contentType: String?) -> Bool {
            state.withLock { $0.begun.append((finalURL, contentType)) }
            return true
        }

        func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
            state.withLock { state in
                state.pieces.append(Array(bytes))
                return state.pieces.reduce(0) { $0 + $1.count } <= acceptAfter
            }
        }

        var body: [UInt8] { state.withLock { $0.pieces.flatMap { $0 } } }
        var pieceCount: Int { state.withLock { $0.pieces.count } }
        var begun: [(url: String, contentType: String?)] { state.withLock { $0.begun } }
    }

    @Test func theBodyArrivesInPiecesAndTheResponseCarriesNone() async throws {
        let body = Array(String(repeating: "<item><title>x</title></item>\n", count: 2000).utf8)
        try await withFetcher { server, manager in
            server.route("/old", .redirect(to: "/feed"))
            server.route("/feed", TestHTTPResponse(
                headers: [("Content-Type", "application/rss+xml; charset=utf-8"), ("Transfer-Encoding", "chunked")], body: body))
            let sink = Recorder()

            let response = try await manager.fetch(FetchRequest(url: server.url("/old")), bodySink: sink)

            #expect(response.status == 200 && response.body.isEmpty)
            #expect(sink.body == body)
            #expect(sink.pieceCount > 1)
            #expect(sink.begun.count == 1)
            #expect(sink.begun.first?.url == server.url("/feed"))
            #expect(sink.begun.first?.contentType == "application/rss+xml; charset=utf-8")
        }
    }

    @Test func nothingReachesTheSinkFor304sAndErrors() async throws {
        try await withFetcher { server, manager in
            server.route("/same", .status(304))
            server.route("/missing", TestHTTPResponse(status: 404, body: Array("<html>no</html>".utf8)))
            let sink = Recorder()

            let same = try await manager.fetch(FetchRequest(url: server.url("/same"), etag: "\"x\""), bodySink: sink)
            let missing = await fetchError(manager, FetchRequest(url: server.url("/missing")), bodySink: sink)

            #expect(same.status == 304)
            #expect(missing == .httpStatus(404))
            #expect(sink.begun.isEmpty && sink.body.isEmpty)
        }
    }

    @Test func aSinkThatRefusesStopsTheDownload() async throws {
        try await withFetcher { server, manager in
            // Two pieces a second: without the refusal this would take half a minute.
            server.route("/long", TestHTTPResponse(
                body: Array(repeating: UInt8(ascii: "x"), count: 60 * 1024), pace: (bytes: 1024, every: .milliseconds(500))))
            let sink = Recorder(acceptingBytes: 2048)

            let started = ContinuousClock.now
            let error = await fetchError(manager, FetchRequest(url: server.url("/long")), bodySink: sink)

            #expect(error == .cancelled)
            #expect(ContinuousClock.now - started < .seconds(20))
        }
    }

    @Test func theSizeLimitStillApplies() async throws {
        try await withFetcher({ $0.maximumBodySize = 10_000 }) { server, manager in
            server.route("/big", TestHTTPResponse(
                headers: [("Transfer-Encoding", "chunked")], body: Array(repeating: UInt8(ascii: "x"), count: 50_000)))
            let sink = Recorder()

            #expect(await fetchError(manager, FetchRequest(url: server.url("/big")), bodySink: sink) == .tooLarge(limit: 10_000))
            #expect(sink.body.count <= 10_000)
        }
    }
}

/// Fetches `request` into `sink`, expecting a failure.
func fetchError(_ manager: CurlRemoteDataManager, _ request: FetchRequest, bodySink sink: any FetchBodySink) async -> FetchError? {
    do {
        _ = try await manager.fetch(request, bodySink: sink)
        Issue.record("expected \(request.url) to fail")
        return nil
    } catch {
        return error
    }
}

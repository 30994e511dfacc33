import FeedFetching
@testable import FeedSync
import Foundation
import Testing
import TestSupport

/// `ServiceConnection` against `TestHTTPServer` through the real fetcher: URLs, headers and
/// bodies of a call, and how each answer maps to `SyncError`.
@Suite(.serialized) struct ServiceConnectionTests {
    /// Runs `body` with a server and a connection to `<server>/api/` (trailing slashes and all).
    func withConnection(
        settings: TransferSettings = TransferSettings(), _ body: (TestHTTPServer, ServiceConnection) async throws -> Void
    ) async throws {
        let server = try await TestHTTPServer.start()
        do {
            try await withFetcher { fetcher, _ in
                try await body(server, ServiceConnection(fetcher: fetcher, baseURL: server.baseURL + "/api//", settings: settings))
            }
        } catch {
            try? await server.stop()
            throw error
        }
        try await server.stop()
    }

    private static func text(_ status: Int, _ body: String, headers: [(String, String)] = []) -> TestHTTPResponse {
        TestHTTPResponse(status: status, headers: [("Content-Type", "text/plain")] + headers, body: Array(body.utf8))
    }

    @Test func theBaseLosesItsTrailingSlashesAndTheQueryIsEncoded() async throws {
        try await withConnection { server, connection in
            server.route("/api/v1/entries", .ok("[]", contentType: "application/json"))
            #expect(connection.baseURL == server.baseURL + "/api")
            _ = try await connection.call(.get, "/v1/entries", query: [("status", "read"), ("status", "un read"), ("s", "user/-/label/a&b")])
            #expect(server.requests.last?.query == "status=read&status=un%20read&s=user%2F-%2Flabel%2Fa%26b")
        }
    }

    @Test func answersAreBoundedBelowSixteenMebibytes() {
        let fetcher = RemoteDataManagerFailing()
        #expect(ServiceConnection(fetcher: fetcher, baseURL: "https://x", settings: TransferSettings()).settings.maximumBodySize == 16 << 20)
        #expect(ServiceConnection(fetcher: fetcher, baseURL: "https://x", settings: TransferSettings(maximumBodySize: 1 << 30))
            .settings.maximumBodySize == 16 << 20)
        #expect(ServiceConnection(fetcher: fetcher, baseURL: "https://x", settings: TransferSettings(maximumBodySize: 4096))
            .settings.maximumBodySize == 4096)
    }

    @Test func aCallSendsItsMethodBodyAndHeaders() async throws {
        try await withConnection(settings: TransferSettings(headers: ["Accept: application/json"])) { server, connection in
            server.route("/api/v1/feeds") { _ in .status(201) }
            let response = try await connection.call(
                .post, "/v1/feeds", body: ServiceConnection.jsonBody(["b": 2, "a": 1]), headers: ["X-Auth-Token: t0ken"])
            #expect(response.status == 201)
            let request = try #require(server.requests.last)
            #expect(request.method == "POST" && request.header("Content-Type") == "application/json")
            #expect(request.header("Accept") == "application/json" && request.header("X-Auth-Token") == "t0ken")
            #expect(String(decoding: request.body, as: UTF8.self) == #"{"a":1,"b":2}"#)
        }
    }

    @Test(arguments: [
        (401, SyncError.unauthorized("the reason")), (403, .unauthorized("the reason")), (404, .notFound("the reason")),
        (400, .refused("the reason")), (422, .refused("the reason")), (500, .service(status: 500, message: "the reason")),
        (502, .service(status: 502, message: "the reason")), (503, .service(status: 503, message: "the reason")),
    ])
    func errorStatusesMapWithTheServiceExplanation(_ status: Int, _ expected: SyncError) async throws {
        try await withConnection { server, connection in
            server.route("/api/call", Self.text(status, "the reason\nsecond line"))
            let error = await syncError { _ = try await connection.call(.get, "/call") }
            #expect(error == expected)
        }
    }

    @Test func withoutAnExplanationTheStatusSpeaks() async throws {
        try await withConnection { server, connection in
            server.route("/api/call", .status(500))
            let error = await syncError { _ = try await connection.call(.get, "/call") }
            #expect(error == .service(status: 500, message: "HTTP 500 Internal Server Error"))
        }
    }

    @Test func anExplanationReachesTheLogOnOneCleanLine() async throws {
        try await withConnection { server, connection in
            let long = String(repeating: "word ", count: 100)
            server.route("/api/escape", Self.text(400, "bad \u{1B}[2J\tthing\u{202E}here"))
            server.route("/api/long", Self.text(400, long))
            let escaped = await syncError { _ = try await connection.call(.get, "/escape") }
            #expect(escaped == .refused("bad [2J thing here"))
            let cut = await syncError { _ = try await connection.call(.get, "/long") }
            guard case .refused(let reason)? = cut else {
                Issue.record("a 400 is no refusal")
                return
            }
            #expect(reason.count == 200 && reason.hasSuffix("…"), "\(reason.count): \(reason)")
        }
    }

    @Test func retryAfterIsHonouredAndCustomExplanationsAreUsed() async throws {
        try await withConnection { server, connection in
            server.route("/api/busy", Self.text(429, "slow down", headers: [("Retry-After", "30")]))
            server.route("/api/down", Self.text(503, "maintenance", headers: [("Retry-After", "120")]))
            server.route("/api/json", Self.text(500, #"{"message":"boom"}"#))
            let busy = await syncError { _ = try await connection.call(.get, "/busy") }
            #expect(busy == .retryLater(seconds: 30))
            let down = await syncError { _ = try await connection.call(.get, "/down") }
            #expect(down == .retryLater(seconds: 120))
            let error = await syncError {
                _ = try await connection.call(.get, "/json", explain: { _ in "from the document" })
            }
            #expect(error == .service(status: 500, message: "from the document"))
        }
    }

    @Test func decodingErrorsNameTheCallAndThePlace() throws {
        struct Answer: Decodable {
            struct Inner: Decodable { var id: Int }
            var items: [Inner]
        }
        #expect(throws: SyncError.malformedAnswer("/v1/x: no items")) {
            _ = try ServiceConnection.decode(Answer.self, from: Data("{}".utf8), what: "/v1/x")
        }
        #expect(throws: SyncError.malformedAnswer("/v1/x: unexpected value at items[1].id")) {
            _ = try ServiceConnection.decode(Answer.self, from: Data(#"{"items":[{"id":1},{"id":"two"}]}"#.utf8), what: "/v1/x")
        }
        #expect(throws: SyncError.malformedAnswer("/v1/x: not the JSON the API documents")) {
            _ = try ServiceConnection.decode(Answer.self, from: Data("<html>".utf8), what: "/v1/x")
        }
    }

    @Test func cancellingTheTaskCancelsTheCall() async throws {
        try await withConnection { server, connection in
            var stalled = Self.text(200, "late")
            stalled.delay = .seconds(60)
            server.route("/api/slow", stalled)
            let call = Task { await syncError { _ = try await connection.call(.get, "/slow") } }
            while server.requests(for: "/api/slow").isEmpty { try await Task.sleep(for: .milliseconds(5)) }
            call.cancel()
            #expect(await call.value == .cancelled)
        }
    }
}

/// A fetcher for the tests that make no call.
private struct RemoteDataManagerFailing: RemoteDataManager {
    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        throw .other("no call expected")
    }
}

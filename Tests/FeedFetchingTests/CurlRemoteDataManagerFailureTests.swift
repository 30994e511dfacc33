import FeedFetching
import Foundation
import Testing
import TestSupport

@Suite("CurlRemoteDataManager: failures", .timeLimit(.minutes(3)))
struct CurlRemoteDataManagerFailureTests {
    @Test(arguments: [
        ("file:///etc/passwd", FetchError.unsupportedScheme("file")),
        ("javascript:alert(1)", .unsupportedScheme("javascript")),
        ("FTP://example.org/feed", .unsupportedScheme("ftp")),
        ("data:text/xml,<rss/>", .unsupportedScheme("data")),
        ("example.org/feed.xml", .invalidURL("example.org/feed.xml")),
        ("", .invalidURL("")),
        ("http://", .invalidURL("http://")),
    ])
    func urlIsRefusedBeforeAnyTransfer(url: String, expected: FetchError) async throws {
        try await withFetcher { server, manager in
            let error = await fetchError(manager, FetchRequest(url: url))

            #expect(error == expected)
            #expect(server.requests.isEmpty)
        }
    }

    @Test func unresolvableHostIsDNSFailure() async throws {
        // `.invalid` never resolves (RFC 6761), so this needs no network.
        try await withFetcher({ $0.connectTimeout = .seconds(5) }) { _, manager in
            let error = await fetchError(manager, FetchRequest(url: "http://nonexistent.invalid/feed.xml"))
            if case .timedOut = error {
                try Test.cancel("the resolver does not answer for .invalid names on this machine")
            }
            #expect(error == .dnsFailure(host: "nonexistent.invalid"))
        }
    }

    @Test func closedPortIsConnectionFailure() async throws {
        let closed = try await TestHTTPServer.start()
        let url = closed.url("/feed.xml")
        try await closed.stop()
        try await withFetcher { _, manager in
            let error = await fetchError(manager, FetchRequest(url: url))

            guard case .connectionFailed(let detail) = error else {
                Issue.record("expected connectionFailed, got \(String(describing: error))")
                return
            }
            #expect(detail.contains("127.0.0.1"))
        }
    }

    @Test func slowServerTimesOut() async throws {
        try await withFetcher({ $0.transferTimeout = .seconds(1) }) { server, manager in
            server.route("/slow", TestHTTPResponse(body: Array("<rss/>".utf8), delay: .seconds(20)))

            let error = await fetchError(manager, FetchRequest(url: server.url("/slow")))

            #expect(error == .timedOut(seconds: 1))
        }
    }

    @Test func declaredOversizedBodyIsRefused() async throws {
        try await withFetcher({ $0.maximumBodySize = 1024 }) { server, manager in
            server.route("/big", TestHTTPResponse(body: Array(repeating: UInt8(ascii: "a"), count: 4096)))

            let error = await fetchError(manager, FetchRequest(url: server.url("/big")))

            #expect(error == .tooLarge(limit: 1024))
        }
    }

    @Test func undeclaredOversizedBodyIsCutOff() async throws {
        try await withFetcher({ $0.maximumBodySize = 1024 }) { server, manager in
            server.route("/big", TestHTTPResponse(
                headers: [("Transfer-Encoding", "chunked")], body: Array(repeating: UInt8(ascii: "a"), count: 4096)))

            let error = await fetchError(manager, FetchRequest(url: server.url("/big")))

            #expect(error == .tooLarge(limit: 1024))
        }
    }

    @Test func aHundredMegabyteBodyStopsAtTheDefaultLimit() async throws {
        try await withFetcher({ _ in }) { server, manager in
            server.route("/huge", TestHTTPResponse(
                headers: [("Transfer-Encoding", "chunked")], body: Array(repeating: UInt8(ascii: "a"), count: 100 << 20)))

            let error = await fetchError(manager, FetchRequest(url: server.url("/huge")))

            #expect(error == .tooLarge(limit: 32 << 20))
        }
    }

    @Test func bodyOfExactlyTheLimitIsAccepted() async throws {
        try await withFetcher({ $0.maximumBodySize = 1024 }) { server, manager in
            server.route("/exact", TestHTTPResponse(
                headers: [("Transfer-Encoding", "chunked")], body: Array(repeating: UInt8(ascii: "a"), count: 1024)))

            let response = try await manager.fetch(FetchRequest(url: server.url("/exact")))

            #expect(response.body.count == 1024)
        }
    }

    @Test func errorsHaveUserReadableDescriptions() {
        #expect(FetchError.httpStatus(404).description == "HTTP 404 Not Found")
        #expect(FetchError.tooLarge(limit: 1024).description == "response larger than 1024 bytes")
        #expect(FetchError.unsupportedScheme("file").description == "unsupported URL scheme 'file' (only http and https)")
    }
}

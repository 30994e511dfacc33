import FeedFetching
import Foundation
import Synchronization
import Testing
import TestSupport

@Suite("CurlRemoteDataManager: responses", .timeLimit(.minutes(3)))
struct CurlRemoteDataManagerTests {
    static let feed = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0"><channel><title>Café</title></channel></rss>
        """

    @Test func okResponseCarriesBodyAndValidators() async throws {
        try await withFetcher { server, manager in
            server.route("/feed.xml", TestHTTPResponse(
                status: 200,
                headers: [
                    ("Content-Type", "application/rss+xml; charset=ISO-8859-1"),
                    ("ETag", "\"v1\""),
                    ("Last-Modified", "Tue, 01 Apr 2025 10:00:00 GMT"),
                ],
                body: Array(Self.feed.utf8)))

            let response = try await manager.fetch(FetchRequest(url: server.url("/feed.xml")))

            #expect(response.status == 200)
            #expect(response.body == Data(Self.feed.utf8))
            #expect(response.finalURL == server.url("/feed.xml"))
            #expect(response.contentType == "application/rss+xml; charset=ISO-8859-1")
            #expect(response.charset == "ISO-8859-1")
            #expect(response.etag == "\"v1\"")
            #expect(response.lastModified == "Tue, 01 Apr 2025 10:00:00 GMT")
        }
    }

    @Test func sendsIdentityAndAcceptHeaders() async throws {
        try await withFetcher { server, manager in
            server.route("/feed.xml", .ok(Self.feed))

            _ = try await manager.fetch(FetchRequest(url: server.url("/feed.xml")))

            let request = try #require(server.requests(for: "/feed.xml").first)
            #expect(request.method == "GET")
            #expect(request.header("User-Agent") == "Tidings/0.0-test (+https://github.com/tidings-reader/tidings)")
            #expect(request.header("Accept")?.hasPrefix("application/rss+xml") == true)
            #expect(request.header("Accept-Encoding")?.contains("gzip") == true)
            #expect(request.header("If-None-Match") == nil)
            #expect(request.header("If-Modified-Since") == nil)
        }
    }

    @Test func chunkedBodyIsReassembled() async throws {
        let body = String(repeating: "<item><title>x</title></item>\n", count: 500)
        try await withFetcher { server, manager in
            server.route("/chunked", TestHTTPResponse(
                headers: [("Content-Type", "text/xml"), ("Transfer-Encoding", "chunked")], body: Array(body.utf8)))

            let response = try await manager.fetch(FetchRequest(url: server.url("/chunked")))

            #expect(response.body == Data(body.utf8))
            #expect(response.charset == nil)
        }
    }

    @Test func gzipBodyIsDecoded() async throws {
        // gzip of `<rss version="2.0"><channel><title>gz</title></channel></rss>`.
        let gzipped: [UInt8] = [
            0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xb3, 0x29, 0x2a, 0x2e, 0x56, 0x28, 0x4b,
            0x2d, 0x2a, 0xce, 0xcc, 0xcf, 0xb3, 0x55, 0x32, 0xd2, 0x33, 0x50, 0xb2, 0xb3, 0x49, 0xce, 0x48, 0xcc,
            0xcb, 0x4b, 0xcd, 0xb1, 0xb3, 0x29, 0xc9, 0x2c, 0xc9, 0x49, 0xb5, 0x4b, 0xaf, 0xb2, 0xd1, 0x87, 0xb0,
            0x6c, 0xf4, 0xe1, 0x52, 0xfa, 0x40, 0x7d, 0x76, 0x00, 0xeb, 0x5b, 0xfa, 0x28, 0x3d, 0x00, 0x00, 0x00,
        ]
        try await withFetcher { server, manager in
            server.route("/gz", TestHTTPResponse(
                headers: [("Content-Type", "application/rss+xml"), ("Content-Encoding", "gzip")], body: gzipped))

            let response = try await manager.fetch(FetchRequest(url: server.url("/gz")))

            #expect(String(decoding: response.body, as: UTF8.self) == #"<rss version="2.0"><channel><title>gz</title></channel></rss>"#)
        }
    }

    @Test func a304ToAnUnconditionalRequestIsAnErrorAndItsValidatorsAreNotKept() async throws {
        try await withFetcher { server, manager in
            server.route("/feed.xml", .status(304, headers: [("ETag", "\"made-up\""), ("Last-Modified", "Mon, 02 Nov 2026 10:00:00 GMT")]))
            let error = await fetchError(manager, FetchRequest(url: server.url("/feed.xml")))
            #expect(error == .unconditionalNotModified)
            #expect(error?.description == "the server answered 304 Not Modified to an unconditional request")
            // Conditional: unchanged, with the validators that were sent, not the 304's.
            let conditional = try await manager.fetch(FetchRequest(url: server.url("/feed.xml"), etag: "\"v1\""))
            #expect(conditional.status == 304)
            #expect(conditional.etag == "\"v1\"" && conditional.lastModified == nil)
        }
    }

    @Test func notModifiedWhenETagMatches() async throws {
        try await withFetcher { server, manager in
            server.route("/feed.xml") { request in
                request.header("If-None-Match") == "\"v7\""
                    ? .status(304, headers: [("ETag", "\"v7\"")])
                    : TestHTTPResponse(headers: [("ETag", "\"v7\"")], body: Array(Self.feed.utf8))
            }

            let response = try await manager.fetch(FetchRequest(url: server.url("/feed.xml"), etag: "\"v7\""))

            #expect(response.status == 304)
            #expect(response.body.isEmpty)
            #expect(response.etag == "\"v7\"")
            #expect(server.requests(for: "/feed.xml").first?.header("If-None-Match") == "\"v7\"")
        }
    }

    @Test func notModifiedWhenUnchangedSinceLastModified() async throws {
        let stamp = "Wed, 02 Apr 2025 08:30:00 GMT"
        try await withFetcher { server, manager in
            server.route("/feed.xml") { request in
                request.header("If-Modified-Since") == stamp ? .status(304) : .ok(Self.feed)
            }

            let response = try await manager.fetch(FetchRequest(url: server.url("/feed.xml"), lastModified: stamp))

            #expect(response.status == 304)
            #expect(response.body.isEmpty)
            // The 304 did not repeat the validator: the one sent is still the current one.
            #expect(response.lastModified == stamp)
            #expect(server.requests(for: "/feed.xml").first?.header("If-Modified-Since") == stamp)
        }
    }

    @Test func changedFeedIsSentInFullDespiteValidators() async throws {
        try await withFetcher { server, manager in
            server.route("/feed.xml") { request in
                request.header("If-None-Match") == "\"new\""
                    ? .status(304) : TestHTTPResponse(headers: [("ETag", "\"new\"")], body: Array(Self.feed.utf8))
            }

            let response = try await manager.fetch(FetchRequest(url: server.url("/feed.xml"), etag: "\"old\""))

            #expect(response.status == 200)
            #expect(response.etag == "\"new\"")
            #expect(response.body == Data(Self.feed.utf8))
        }
    }

    @Test(arguments: [404, 410, 500, 503])
    func errorStatusThrows(status: Int) async throws {
        try await withFetcher { server, manager in
            server.route("/gone", TestHTTPResponse(status: status, body: Array("<html>nope</html>".utf8)))

            let error = await fetchError(manager, FetchRequest(url: server.url("/gone")))

            #expect(error == .httpStatus(status))
        }
    }

    @Test func unknownPathIsNotFound() async throws {
        try await withFetcher { server, manager in
            let error = await fetchError(manager, FetchRequest(url: server.url("/nowhere")))
            #expect(error == .httpStatus(404))
        }
    }

    @Test func largeErrorPageStillReportsTheStatus() async throws {
        try await withFetcher({ $0.maximumBodySize = 1024 }) { server, manager in
            server.route("/missing", TestHTTPResponse(status: 404, body: Array(repeating: UInt8(ascii: "x"), count: 200_000)))

            let error = await fetchError(manager, FetchRequest(url: server.url("/missing")))

            #expect(error == .httpStatus(404))
        }
    }

    @Test func managerKeepsWorkingAcrossManyRequests() async throws {
        let counter = Mutex(0)
        try await withFetcher { server, manager in
            server.route("/count") { _ in
                let value = counter.withLock { value in
                    value += 1
                    return value
                }
                return .ok("\(value)", contentType: "text/plain")
            }
            for expected in 1...5 {
                let response = try await manager.fetch(FetchRequest(url: server.url("/count")))
                #expect(String(decoding: response.body, as: UTF8.self) == "\(expected)")
            }
        }
    }
}

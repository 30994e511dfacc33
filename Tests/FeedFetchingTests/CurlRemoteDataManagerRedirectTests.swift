import FeedFetching
import Foundation
import Testing
import TestSupport

@Suite("CurlRemoteDataManager: redirects", .timeLimit(.minutes(3)))
struct CurlRemoteDataManagerRedirectTests {
    @Test func permanentRedirectReportsFinalURL() async throws {
        try await withFetcher { server, manager in
            server.route("/old", .redirect(to: "/new"))
            server.route("/new", .ok("<rss/>"))

            let response = try await manager.fetch(FetchRequest(url: server.url("/old")))

            #expect(response.status == 200)
            #expect(response.finalURL == server.url("/new"))
            #expect(response.body == Data("<rss/>".utf8))
        }
    }

    @Test func validatorsComeFromTheFinalResponse() async throws {
        try await withFetcher { server, manager in
            server.route("/a", TestHTTPResponse(status: 302, headers: [
                ("Location", server.url("/b")), ("ETag", "\"redirect\""), ("Last-Modified", "Mon, 01 Jan 2001 00:00:00 GMT"),
                ("Content-Type", "text/html"),
            ]))
            server.route("/b", TestHTTPResponse(headers: [("ETag", "\"final\""), ("Content-Type", "application/atom+xml")], body: Array("<feed/>".utf8)))

            let response = try await manager.fetch(FetchRequest(url: server.url("/a")))

            #expect(response.finalURL == server.url("/b"))
            #expect(response.etag == "\"final\"")
            #expect(response.lastModified == nil)
            #expect(response.contentType == "application/atom+xml")
        }
    }

    @Test func redirectLoopIsTooManyRedirects() async throws {
        try await withFetcher { server, manager in
            server.route("/ping", .redirect(to: "/pong", status: 302))
            server.route("/pong", .redirect(to: "/ping", status: 302))

            let error = await fetchError(manager, FetchRequest(url: server.url("/ping")))

            #expect(error == .tooManyRedirects)
            // The first request plus five followed redirects, and no more.
            #expect(server.requests.count == 6)
        }
    }

    @Test func fiveRedirectsAreFollowed() async throws {
        try await withFetcher { server, manager in
            for hop in 0..<5 { server.route("/hop\(hop)", .redirect(to: "/hop\(hop + 1)", status: 307)) }
            server.route("/hop5", .ok("<rss/>"))

            let response = try await manager.fetch(FetchRequest(url: server.url("/hop0")))

            #expect(response.finalURL == server.url("/hop5"))
        }
    }

    @Test(arguments: [("file:///etc/passwd", "file"), ("ftp://127.0.0.1/feed.xml", "ftp"), ("gopher://127.0.0.1/", "gopher")])
    func redirectToAnotherSchemeIsRefused(target: String, scheme: String) async throws {
        try await withFetcher { server, manager in
            server.route("/evil", .redirect(to: target))

            let error = await fetchError(manager, FetchRequest(url: server.url("/evil")))

            #expect(error == .unsupportedScheme(scheme))
        }
    }

    @Test func credentialsStayWithTheirHost() async throws {
        let other = try await TestHTTPServer.start()
        try await withFetcher { server, manager in
            server.route("/private", .redirect(to: other.url("/landing")))
            other.route("/landing", .ok("<rss/>"))
            let url = server.url("/private").replacingOccurrences(of: "http://", with: "http://reader:s3cret@")

            let response = try await manager.fetch(FetchRequest(url: url))

            #expect(response.finalURL == other.url("/landing"))
            #expect(server.requests(for: "/private").first?.header("Authorization") == "Basic cmVhZGVyOnMzY3JldA==")
            #expect(other.requests(for: "/landing").first?.header("Authorization") == nil)
        }
        try await other.stop()
    }
}

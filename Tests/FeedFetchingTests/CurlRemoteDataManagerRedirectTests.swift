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

    /// Every credential a feed's settings carry stays with the origin it was set for: headers
    /// named as credentials (`X-Auth-Token`, `Private-Token`, `X-Api-Key`, anything with
    /// `token`, `key`, `secret`, `auth`, `session`), secret headers, the cookie and the
    /// credentials. A redirect to another port is another origin, as another host or scheme.
    @Test func secretHeadersAreDroppedAtARedirectToAnotherOrigin() async throws {
        let other = try await TestHTTPServer.start()
        try await withFetcher { server, manager in
            server.route("/feed", .redirect(to: "/moved", status: 302))
            server.route("/moved", .redirect(to: other.url("/landing"), status: 301))
            other.route("/landing", .ok("<rss/>"))
            let bound = [
                "X-Auth-Token: tok-1", "Private-Token: tok-2", "X-Api-Key: key-3", "X-Session-Id: ses-4", "X-My-Secret: sec-5",
                "Authorization: Bearer tok-6", "X-Custom-Auth: auth-7",
            ]
            let settings = TransferSettings(
                headers: bound + ["X-Trace: keep-me"], secretHeaders: ["X-Plain-Name: marked-8"], cookie: "sid=cookie-9",
                credentials: .init(user: "reader", password: "pass-10"))

            let response = try await manager.fetch(FetchRequest(url: server.url("/feed"), settings: settings))

            #expect(response.status == 200)
            #expect(response.finalURL == other.url("/landing"))
            // Both hops on the first origin carried everything.
            for path in ["/feed", "/moved"] {
                let request = try #require(server.requests(for: path).first)
                for line in bound + ["X-Plain-Name: marked-8", "Cookie: sid=cookie-9"] {
                    let (name, value) = (String(line.prefix { $0 != ":" }), String(line.drop { $0 != ":" }.dropFirst(2)))
                    #expect(request.header(name) == value, "\(path) \(name)")
                }
            }
            let landing = try #require(other.requests(for: "/landing").first)
            let sent = landing.headers.map { "\($0.0): \($0.1)" }.joined(separator: "\n")
            for secret in ["tok-1", "tok-2", "key-3", "ses-4", "sec-5", "tok-6", "auth-7", "marked-8", "cookie-9", "cmVhZGVy"] {
                #expect(!sent.contains(secret), "\(secret) went to the other origin:\n\(sent)")
            }
            #expect(landing.header("X-Trace") == "keep-me")
            // Still one permanent move from the start: the 302 first makes it none.
            #expect(response.permanentRedirect == nil)
        }
        try await other.stop()
    }

    /// A permanent move across origins is still told from the URL first asked for, and the
    /// redirect budget covers the whole chain.
    @Test func aPermanentMoveToAnotherOriginIsToldAndCountsHops() async throws {
        let other = try await TestHTTPServer.start()
        try await withFetcher { server, manager in
            server.route("/feed", .redirect(to: other.url("/new"), status: 308))
            other.route("/new", .ok("<rss/>"))
            for hop in 0..<6 { server.route("/hop\(hop)", .redirect(to: "/hop\(hop + 1)", status: 307)) }
            server.route("/hop6", .redirect(to: other.url("/new"), status: 307))
            let settings = TransferSettings(headers: ["X-Api-Key: k3y-value"])

            let moved = try await manager.fetch(FetchRequest(url: server.url("/feed"), settings: settings))
            #expect(moved.permanentRedirect == other.url("/new"))
            #expect(other.requests(for: "/new").first?.header("X-Api-Key") == nil)

            let error = await fetchError(manager, FetchRequest(url: server.url("/hop0"), settings: settings))
            #expect(error == .tooManyRedirects)
            #expect(other.requests(for: "/new").count == 1)
        }
        try await other.stop()
    }

    /// A request that refuses redirects to other origins (a sync service's) is not followed
    /// there at all, with an error naming both origins; one to its own origin is followed.
    @Test func aRequestThatRefusesOtherOriginsIsNotFollowedThere() async throws {
        let other = try await TestHTTPServer.start()
        try await withFetcher { server, manager in
            server.route("/v1/me", .redirect(to: other.url("/v1/me"), status: 302))
            server.route("/v1/feeds", .redirect(to: "/v1/feeds/", status: 301))
            server.route("/v1/feeds/", .ok("[]", contentType: "application/json"))
            let settings = TransferSettings(headers: ["Accept: application/json"])

            let error = await fetchError(
                manager, FetchRequest(url: server.url("/v1/me"), settings: settings, errorResponses: true, crossOriginRedirects: .refuse))
            #expect(error == .crossOriginRedirect(from: "http://127.0.0.1:\(server.port)", to: "http://127.0.0.1:\(other.port)"))
            #expect(other.requests.isEmpty)

            let same = try await manager.fetch(FetchRequest(url: server.url("/v1/feeds"), crossOriginRedirects: .refuse))
            #expect(same.status == 200)
        }
        try await other.stop()
    }

    /// Without anything origin-bound, a redirect to another origin is libcurl's as before.
    @Test func plainSettingsFollowAnywhereWithTheirHeaders() async throws {
        let other = try await TestHTTPServer.start()
        try await withFetcher { server, manager in
            server.route("/feed", .redirect(to: other.url("/feed"), status: 302))
            other.route("/feed", .ok("<rss/>"))
            let response = try await manager.fetch(FetchRequest(url: server.url("/feed"), settings: TransferSettings(headers: ["X-Trace: 1234"])))
            #expect(response.finalURL == other.url("/feed"))
            #expect(other.requests(for: "/feed").first?.header("X-Trace") == "1234")
        }
        try await other.stop()
    }
}


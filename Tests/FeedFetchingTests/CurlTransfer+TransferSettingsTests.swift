import FeedEntities
@testable import FeedFetching
import Foundation
import Logging
import Synchronization
import Testing
import TestSupport

/// A request's `TransferSettings` as the server (or proxy) receives them, and the secrets in them
/// kept out of errors and logs.
@Suite("CurlTransfer: transfer settings", .timeLimit(.minutes(3)))
struct CurlTransferTransferSettingsTests {
    private static func basic(_ user: String, _ password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    @Test func userAgentHeadersCookieAndCredentialsAreSent() async throws {
        try await withFetcher { server, manager in
            server.route("/feed", .ok("<rss/>"))
            let settings = TransferSettings(
                userAgent: "Custom/2", headers: ["X-Api-Key: k-123", "Accept: application/atom+xml"],
                cookie: "session=abc; theme=dark",
                credentials: .init(user: "alice", password: "pa:ss"))

            let response = try await manager.fetch(FetchRequest(url: server.url("/feed"), settings: settings))

            #expect(response.status == 200)
            let request = try #require(server.requests.first)
            #expect(request.header("User-Agent") == "Custom/2")
            #expect(request.header("X-Api-Key") == "k-123")
            #expect(request.header("Cookie") == "session=abc; theme=dark")
            #expect(request.header("Authorization") == Self.basic("alice", "pa:ss"))
            // The settings' Accept replaces ours rather than going out beside it.
            #expect(request.headers.filter { $0.0.lowercased() == "accept" }.map(\.1) == ["application/atom+xml"])
        }
    }

    /// Digest (and `any`, which a Digest challenge makes Digest): nothing goes with the first
    /// request, and the 401's challenge is answered with a hash, never the password.
    @Test(arguments: [AuthMethod.digest, .any])
    func digestAnswersTheChallengeWithoutSendingThePassword(method: AuthMethod) async throws {
        try await withFetcher { server, manager in
            server.route("/private") { request in
                guard request.header("Authorization")?.hasPrefix("Digest ") == true else {
                    return .status(401, headers: [("WWW-Authenticate", #"Digest realm="feeds", nonce="n0nce", qop="auth""#)])
                }
                return .ok("<rss/>")
            }
            let settings = TransferSettings(credentials: .init(user: "alice", password: "s3cret", method: method))

            let response = try await manager.fetch(FetchRequest(url: server.url("/private"), settings: settings))

            #expect(response.status == 200)
            let sent = server.requests.map { $0.header("Authorization") }
            #expect(sent.count == 2 && sent[0] == nil, "\(sent)")
            let answer = try #require(sent.last ?? nil)
            #expect(answer.hasPrefix("Digest ") && answer.contains(#"username="alice""#) && !answer.contains("s3cret"), "\(answer)")
        }
    }

    @Test func emptySettingsSendTheFetchersUserAgentAndNoCredentials() async throws {
        try await withFetcher({ $0.userAgent = "Fetcher/1" }) { server, manager in
            server.route("/feed", .ok("<rss/>"))

            _ = try await manager.fetch(FetchRequest(url: server.url("/feed")))

            let request = try #require(server.requests.first)
            #expect(request.header("User-Agent") == "Fetcher/1")
            #expect(request.header("Authorization") == nil)
            #expect(request.header("Cookie") == nil)
        }
    }

    /// libcurl keeps custom `Cookie:` and `Authorization:` headers, and the credentials, to the
    /// first host: a redirect to another port (so another origin) goes without them.
    @Test func cookieAndAuthorizationAreNotForwardedToAnotherOrigin() async throws {
        try await withFetcher { first, manager in
            let other = try await TestHTTPServer.start()
            defer { Task { try? await other.stop() } }
            first.route("/start", .redirect(to: other.url("/feed"), status: 302))
            other.route("/feed", .ok("<rss/>"))

            for settings in [
                TransferSettings(cookie: "session=abc", credentials: .init(user: "alice", password: "secret")),
                TransferSettings(headers: ["Authorization: Bearer t0ken"], cookie: "session=abc"),
            ] {
                let response = try await manager.fetch(FetchRequest(url: first.url("/start"), settings: settings))
                #expect(response.finalURL == other.url("/feed"))
            }

            let sent = first.requests(for: "/start"), forwarded = other.requests(for: "/feed")
            #expect(sent.count == 2 && forwarded.count == 2)
            #expect(sent.map { $0.header("Cookie") } == ["session=abc", "session=abc"])
            #expect(sent.map { $0.header("Authorization") } == [Self.basic("alice", "secret"), "Bearer t0ken"])
            for request in forwarded {
                #expect(request.header("Cookie") == nil, "\(request.headers)")
                #expect(request.header("Authorization") == nil, "\(request.headers)")
            }
        }
    }

    @Test func aSameOriginRedirectKeepsTheCookie() async throws {
        try await withFetcher { server, manager in
            server.route("/old", .redirect(to: "/new"))
            server.route("/new", .ok("<rss/>"))

            _ = try await manager.fetch(FetchRequest(url: server.url("/old"), settings: TransferSettings(cookie: "a=1")))

            #expect(server.requests(for: "/new").first?.header("Cookie") == "a=1")
        }
    }

    /// The test server plays an HTTP proxy: it receives the absolute URL as the target.
    @Test func theRequestsProxyIsUsedWithItsCredentials() async throws {
        try await withFetcher { proxy, manager in
            let feedURL = "http://feeds.example/news.xml"  // .example never resolves: only a proxy reaches it
            proxy.route(feedURL, .ok("<rss/>"))
            let settings = TransferSettings(
                proxy: proxy.baseURL, proxyCredentials: .init(user: "bob", password: "proxy-secret"))

            let response = try await manager.fetch(FetchRequest(url: feedURL, settings: settings))

            #expect(response.status == 200)
            let request = try #require(proxy.requests.first)
            #expect(request.path == feedURL)
            #expect(request.header("Proxy-Authorization") == Self.basic("bob", "proxy-secret"))
        }
    }

    @Test func theFetchersProxyIsUsedAndARequestCanTurnItOff() async throws {
        let proxy = try await TestHTTPServer.start()
        defer { Task { try? await proxy.stop() } }
        try await withFetcher({ $0.proxy = proxy.baseURL }) { server, manager in
            let feedURL = "http://feeds.example/news.xml"
            proxy.route(feedURL, .ok("<rss/>"))
            server.route("/direct", .ok("<rss/>"))

            _ = try await manager.fetch(FetchRequest(url: feedURL))
            _ = try await manager.fetch(FetchRequest(url: server.url("/direct"), settings: TransferSettings(proxy: "")))

            #expect(proxy.requests.map(\.path) == [feedURL])
            #expect(server.requests.map(\.path) == ["/direct"])
        }
    }

    @Test(arguments: [
        (TransferSettings(headers: ["X-Evil: a\r\nX-Injected: b"]), "header line 1 contains a line break"),
        (TransferSettings(headers: ["X-Ok: 1", "X-Evil: a\nb"]), "header line 2 contains a line break"),
        (TransferSettings(headers: ["no colon here"]), "header line 1 is not 'Name: value'"),
        (TransferSettings(headers: ["Bad Name: 1"]), "header line 1 is not 'Name: value'"),
        (TransferSettings(userAgent: "UA\r\nX-Injected: 1"), "the user agent contains a line break"),
        (TransferSettings(cookie: "a=1\r\nX-Injected: 1"), "the cookie contains a line break"),
        (TransferSettings(credentials: .init(user: "a\nb", password: "x")), "the credentials contain a line break"),
        (TransferSettings(proxy: "http://u:hunter2@127.0.0.1:3128"), "must not contain credentials"),
        (TransferSettings(proxy: "ftp://127.0.0.1"), "unsupported proxy scheme 'ftp'"),
        (TransferSettings(transferTimeout: .zero), "the transfer timeout must be positive"),
        (TransferSettings(maximumBodySize: 0), "the maximum body size must be at least 1 byte"),
    ])
    func badSettingsAreRefusedBeforeAnythingIsSent(settings: TransferSettings, message: String) async throws {
        try await withFetcher { server, manager in
            server.route("/feed", .ok("<rss/>"))

            let error = try #require(await fetchError(manager, FetchRequest(url: server.url("/feed"), settings: settings)))

            #expect(error.description.hasPrefix("invalid transfer settings: \(message)")
                || error.description.hasPrefix("invalid transfer settings: proxy: \(message)"), "\(error)")
            #expect(!error.description.contains("hunter2"))
            #expect(server.requests.isEmpty)
        }
    }

    @Test func aRequestsTimeoutReplacesTheFetchers() async throws {
        try await withFetcher { server, manager in
            server.route("/slow", TestHTTPResponse(body: Array("<rss/>".utf8), delay: .seconds(20)))

            let error = await fetchError(
                manager, FetchRequest(url: server.url("/slow"), settings: TransferSettings(transferTimeout: .milliseconds(300))))

            #expect(error == .timedOut(seconds: 1))
        }
    }

    @Test func aRequestsSizeLimitReplacesTheFetchers() async throws {
        try await withFetcher { server, manager in
            server.route("/big", .ok(String(repeating: "x", count: 5000)))

            let error = await fetchError(
                manager, FetchRequest(url: server.url("/big"), settings: TransferSettings(maximumBodySize: 1000)))
            let unlimited = try await manager.fetch(FetchRequest(url: server.url("/big")))

            #expect(error == .tooLarge(limit: 1000))
            #expect(unlimited.body.count == 5000)
        }
    }

    @Test func secretsNeverReachErrorsOrLogs() async throws {
        let recorder = LogRecorder()
        let logger = recorder.logger(level: .debug)
        let manager = CurlRemoteDataManager(options: FetchOptions(version: "0.0-test"), logger: logger)
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/private", .status(401))
        let settings = TransferSettings(
            headers: ["X-Token: header-secret"], cookie: "cookie-secret",
            credentials: .init(user: "alice", password: "password-secret"),
            proxyCredentials: .init(user: "bob", password: "proxy-secret"))
        let url = "http://carol:url-secret@127.0.0.1:\(server.port)/private"

        let refused = await fetchError(manager, FetchRequest(url: url, settings: settings))
        // A closed port: libcurl's own message, scrubbed like any other.
        let unreachable = await fetchError(manager, FetchRequest(url: "http://carol:url-secret@127.0.0.1:9/feed", settings: settings))
        await manager.shutdown()

        let texts = [refused.map { "\($0)" } ?? "", unreachable.map { "\($0)" } ?? "", "\(settings)", "\(FetchRequest(url: "http://x/", settings: settings))"]
            + recorder.linesWithMetadata
        #expect(refused == .httpStatus(401))
        #expect(recorder.linesWithMetadata.contains { $0.contains("127.0.0.1:\(server.port)/private") }, "\(recorder.linesWithMetadata)")
        for text in texts {
            for secret in ["header-secret", "cookie-secret", "password-secret", "proxy-secret", "url-secret"] {
                #expect(!text.contains(secret), "\(secret) in: \(text)")
            }
        }
    }

    @Test func redactingReplacesEverySecretInTheErrorsText() {
        let error = FetchError.other("Could not reach http://u:pw-1@host/?c=cookie-1 (cookie-1)")
        #expect(error.redacting(["pw-1", "cookie-1"]) == .other("Could not reach http://u:***@host/?c=*** (***)"))
        #expect(FetchError.tls("certificate pw-1").redacting(["pw-1"]) == .tls("certificate ***"))
        #expect(FetchError.httpStatus(401).redacting(["401"]) == .httpStatus(401))
    }
}

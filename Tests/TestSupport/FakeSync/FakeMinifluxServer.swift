import Foundation

/// A miniflux server (REST API v1, https://miniflux.app/docs/api.html) on 127.0.0.1, serving a
/// `FakeSyncAccount` from memory, for sync tests and benchmarks. It follows miniflux's
/// handlers: the same paths, status codes, JSON fields, filters and errors
/// (`{"error_message": …}`); it never fetches a feed.
///
/// Authentication: `X-Auth-Token: apiKey`, or HTTP Basic `username:password`; anything else is
/// 401 `{"error_message":"Access Unauthorized"}`.
///
/// ```swift
/// let server = try await FakeMinifluxServer.start(apiKey: "k")
/// let feed = try server.account.addFeed(url: "https://example.com/feed.xml")
/// try server.account.addEntry(feedID: feed.id, title: "Hello")
/// server.inject(.retryAfter(status: 429, seconds: 2), on: "/v1/entries")
/// ```
public final class FakeMinifluxServer: FakeSyncServer {
    public let account: FakeSyncAccount
    public let front: FakeSyncFront
    public let username: String
    public let password: String
    public let apiKey: String

    private init(account: FakeSyncAccount, front: FakeSyncFront, username: String, password: String, apiKey: String) {
        self.account = account
        self.front = front
        self.username = username
        self.password = password
        self.apiKey = apiKey
    }

    /// Starts serving `account` on 127.0.0.1: on `port`, or a free port (0); a server started
    /// again on the port of one stopped is the same service back (its clients' addresses hold).
    public static func start(
        account: FakeSyncAccount = FakeSyncAccount(), username: String = "admin", password: String = "secret",
        apiKey: String = "fake-api-key", port: Int = 0
    ) async throws -> FakeMinifluxServer {
        let box = ServerBox()
        let front = try await FakeSyncFront.start(port: port, clock: account.clock) { request in
            box.server?.route(request) ?? .status(503)
        }
        let server = FakeMinifluxServer(account: account, front: front, username: username, password: password, apiKey: apiKey)
        box.server = server
        return server
    }

    /// Holds the server for its routing closure, which exists before the server does.
    private final class ServerBox: @unchecked Sendable {
        // Set once, before the first request can arrive (the port is not known before then).
        weak var server: FakeMinifluxServer?
    }

    // MARK: - Routing

    func route(_ request: FakeRequest) -> TestHTTPResponse {
        guard isAuthorized(request) else {
            return .errorMessage("Access Unauthorized", status: 401)
        }
        let segments = request.segments
        guard segments.first == "v1", segments.count >= 2 else { return .pageNotFound }
        let rest = Array(segments.dropFirst())
        do {
            switch (request.method, rest[0]) {
            case ("GET", "me") where rest.count == 1: return me()
            case ("GET", "version") where rest.count == 1: return version()
            case (_, "categories"): return try categories(request, rest)
            case (_, "feeds"): return try feeds(request, rest)
            case (_, "entries"): return try entries(request, rest)
            default: return .pageNotFound
            }
        } catch let error as FakeSyncError {
            if case .notFound = error { return .resourceNotFound }
            return .errorMessage(error.description, status: 400)
        } catch {
            return .errorMessage("\(error)", status: 500)
        }
    }

    private func isAuthorized(_ request: FakeRequest) -> Bool {
        if let token = request.raw.header("X-Auth-Token") { return token == apiKey }
        guard let credentials = request.basicCredentials else { return false }
        return credentials.user == username && credentials.password == password
    }

    private func me() -> TestHTTPResponse {
        struct User: Encodable {
            var id: Int, username: String, isAdmin = false, theme = "light_serif", language = "en_US"
            var timezone = "UTC", entrySortingDirection = "asc", entrySortingOrder = "published_at"
            var entriesPerPage = 100, keyboardShortcuts = true, showReadingTime = true, entrySwipe = true
            var displayMode = "standalone", defaultReadingSpeed = 265, cjkReadingSpeed = 500
            var defaultHomePage = "unread", categoriesSortingOrder = "unread_count", markReadOnView = true
        }
        return .json(User(id: account.userID, username: username), snakeCase: true)
    }

    private func version() -> TestHTTPResponse {
        struct Version: Encodable {
            var version = "2.2.6", commit = "fake", buildDate = "2025-02-01T00:00:00Z", goVersion = "go1.23.5"
            var compiler = "gc", arch = "amd64", os = "linux"
        }
        return .json(Version(), snakeCase: true)
    }

    // MARK: - Helpers

    static func int(_ text: String) throws -> Int {
        guard let value = Int(text) else { throw FakeSyncError.notFound("\(text) is not an id") }
        return value
    }
}

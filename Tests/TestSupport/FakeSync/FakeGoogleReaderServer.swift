import Foundation
import Synchronization

/// A Google Reader API server as FreshRSS and miniflux serve it (miniflux
/// internal/googlereader), on 127.0.0.1, serving a `FakeSyncAccount` from memory. Categories are
/// labels (folders): each feed has exactly one, as in miniflux.
///
/// Authentication: `POST /accounts/ClientLogin` (`Email`, `Passwd`) answers
/// `SID=…\nLSID=…\nAuth=…\n`; every other call needs `Authorization: GoogleLogin auth=<Auth>`
/// (401 otherwise), and every POST under /reader/api/0 the form field `T` that
/// `GET /reader/api/0/token` gives (401 with `X-Reader-Google-Bad-Token: true` otherwise).
/// Ids are written the FreshRSS way (`user/-/label/X`); `user/1/…` is accepted too.
public final class FakeGoogleReaderServer: FakeSyncServer {
    public let account: FakeSyncAccount
    public let front: FakeSyncFront
    public let username: String
    public let password: String
    private let tokenGeneration = Mutex(1)

    private init(account: FakeSyncAccount, front: FakeSyncFront, username: String, password: String) {
        self.account = account
        self.front = front
        self.username = username
        self.password = password
    }

    /// Starts serving `account` on a free port of 127.0.0.1.
    public static func start(
        account: FakeSyncAccount = FakeSyncAccount(), username: String = "admin", password: String = "secret"
    ) async throws -> FakeGoogleReaderServer {
        let box = ServerBox()
        let front = try await FakeSyncFront.start(clock: account.clock) { request in
            box.server?.route(request) ?? .status(503)
        }
        let server = FakeGoogleReaderServer(account: account, front: front, username: username, password: password)
        box.server = server
        return server
    }

    /// Holds the server for its routing closure, which exists before the server does.
    private final class ServerBox: @unchecked Sendable {
        // Set once, before the first request can arrive (the port is not known before then).
        weak var server: FakeGoogleReaderServer?
    }

    /// The `Auth` token ClientLogin hands out (stable for the credentials, as in miniflux).
    public var authToken: String {
        username + "/" + FakeSyncContent.hash("auth:" + username + ":" + password).prefix(40)
    }

    /// The current `T` token.
    public var actionToken: String {
        let generation = tokenGeneration.withLock { $0 }
        return String(FakeSyncContent.hash("T:\(generation):" + username).prefix(57))
    }

    /// Makes the current `T` token stale (as a server does after a while): POSTs with it get
    /// 401 with `X-Reader-Google-Bad-Token: true` until the client fetches a new one.
    public func expireActionToken() {
        tokenGeneration.withLock { $0 += 1 }
    }

    // MARK: - Routing

    private static let apiPrefix = "/reader/api/0/"

    func route(_ request: FakeRequest) -> TestHTTPResponse {
        if request.path == "/accounts/ClientLogin" {
            return request.method == "POST" || request.method == "GET" ? login(request) : .methodNotAllowed
        }
        guard request.path.hasPrefix(Self.apiPrefix) else { return .pageNotFound }
        guard request.raw.header("Authorization") == "GoogleLogin auth=" + authToken else {
            return .text("Unauthorized", status: 401)
        }
        if request.method == "POST", request.formValue("T") != actionToken {
            return .text("Unauthorized", status: 401, headers: [("X-Reader-Google-Bad-Token", "true")])
        }
        let endpoint = String(request.path.dropFirst(Self.apiPrefix.count))
        do {
            switch (request.method, endpoint) {
            case ("GET", "token"): return .text(actionToken)
            case ("GET", "user-info"):
                let id = String(account.userID)
                return .json(GoogleReaderJSON.UserInfo(userId: id, userName: username, userProfileId: id, userEmail: username))
            case ("GET", "subscription/list"): return subscriptionList()
            case ("POST", "subscription/quickadd"): return try quickAdd(request)
            case ("POST", "subscription/edit"): return try editSubscription(request)
            case ("GET", "tag/list"): return tagList()
            case ("POST", "rename-tag"): return try renameTag(request)
            case ("POST", "disable-tag"): return try disableTag(request)
            case ("POST", "mark-all-as-read"): return try markAllAsRead(request)
            case ("GET", "stream/items/ids"), ("POST", "stream/items/ids"): return try itemIDs(request)
            case ("GET", "stream/items/contents"), ("POST", "stream/items/contents"): return try itemContents(request)
            case ("POST", "edit-tag"): return try editTag(request)
            case (_, let path) where path.hasPrefix("stream/contents"): return try streamContents(request, path)
            default: return .pageNotFound
            }
        } catch let error as FakeSyncError {
            if case .notFound = error { return .errorMessage(error.description, status: 404) }
            return .errorMessage(error.description, status: 400)
        } catch {
            return .errorMessage("\(error)", status: 500)
        }
    }

    private func login(_ request: FakeRequest) -> TestHTTPResponse {
        guard request.formValue("Email") == username, request.formValue("Passwd") == password, !password.isEmpty else {
            return .errorMessage("Access Unauthorized", status: 401)
        }
        let token = authToken
        if request.formValue("output") == "json" {
            return .json(GoogleReaderJSON.Login(SID: token, LSID: token, Auth: token))
        }
        return .text("SID=\(token)\nLSID=\(token)\nAuth=\(token)\n")
    }

    static let ok = TestHTTPResponse.text("OK")

    /// The one stream id of parameter `name`; `invalid` if missing or of no known shape.
    static func stream(_ request: FakeRequest, _ name: String = "s") throws -> GoogleReaderStream {
        guard let text = request.formValue(name), let stream = GoogleReaderStream(text) else {
            throw FakeSyncError.invalid("googlereader: invalid data in \(name)")
        }
        return stream
    }

    /// The feed a `feed/…` stream names: by id, or by URL.
    static func feedID(_ stream: GoogleReaderStream, in state: FakeSyncAccount.State) throws -> Int {
        guard case .feed(let text) = stream else { throw FakeSyncError.invalid("googlereader: not a feed: \(stream.id)") }
        if let id = Int(text), state.feeds[id] != nil { return id }
        if let feed = state.feeds.values.first(where: { $0.feedURL == text }) { return feed.id }
        throw FakeSyncError.notFound("googlereader: no such feed: \(stream.id)")
    }
}

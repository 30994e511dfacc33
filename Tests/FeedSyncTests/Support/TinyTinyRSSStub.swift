import Foundation
import Synchronization
import TestSupport

/// A small stand-in for Tiny Tiny RSS's JSON API (`POST <base>/api/`) on `TestHTTPServer`: the
/// calls `TinyTinyRSSService` makes, answered as tt-rss 21.x answers them (the envelope, string
/// ids where tt-rss sends strings, the error codes). The real tt-rss is driven by the
/// integration tests; this checks the shape of the adapter's requests and its handling of
/// each answer. Faults are injected as on the fake sync servers.
final class TinyTinyRSSStub: Sendable {
    struct Feed: Sendable {
        var id: Int
        var url: String
        var title: String
        var categoryID: Int
    }

    struct Headline: Sendable {
        var id: Int
        var feedID: Int
        var title: String
        var unread = true
        var marked = false
    }

    struct State: Sendable {
        var categories: [Int: String] = [1: "Tech"]
        var feeds: [Int: Feed] = [:]
        var headlines: [Int: Headline] = [:]
        var sessions: Set<String> = []
        var logins = 0
        var nextFeedID = 1
        var nextHeadlineID = 1
        var apiDisabled = false
        /// The code `subscribeToFeed` answers instead of subscribing (2…6: a failure).
        var subscribeFailure: (code: Int, message: String)?
        /// The next this many calls (not `login`) find their session gone.
        var expireSessions = 0
        /// Marked read just before the first unread page after the first is answered: another
        /// device reading while a client pages through the unread list.
        var readBeforeLaterUnreadPage: [Int] = []
    }

    static let user = "admin"
    static let password = "hunter2-ttrss"
    /// Where tt-rss lives below the server (the service is given `…/tt-rss/api`).
    static let path = "/tt-rss/api/"

    let http: TestHTTPServer
    let faults = FakeSyncFaults()
    let state = Mutex(State())

    private init(http: TestHTTPServer) {
        self.http = http
    }

    static func start() async throws -> TinyTinyRSSStub {
        let stub = TinyTinyRSSStub(http: try await TestHTTPServer.start())
        stub.http.route(path) { [weak stub] request in
            guard let stub else { return .status(503) }
            if let fault = stub.faults.take(for: request.path) {
                return FakeSyncFaults.replacement(for: fault) ?? FakeSyncFaults.alter(stub.answer(request), by: fault)
            }
            return stub.answer(request)
        }
        return stub
    }

    var url: String { http.baseURL + "/tt-rss/api" }

    /// Adds a feed; `categoryID` 0 is uncategorized.
    @discardableResult
    func addFeed(url: String, title: String, categoryID: Int = 0) -> Int {
        state.withLock { state in
            let id = state.nextFeedID
            state.nextFeedID += 1
            state.feeds[id] = Feed(id: id, url: url, title: title, categoryID: categoryID)
            return id
        }
    }

    /// Adds `count` headlines to `feedID`; returns their ids.
    @discardableResult
    func addHeadlines(_ count: Int, feedID: Int, unread: Bool = true, marked: Bool = false) -> [Int] {
        state.withLock { state in
            (0..<count).map { _ in
                let id = state.nextHeadlineID
                state.nextHeadlineID += 1
                state.headlines[id] = Headline(id: id, feedID: feedID, title: "Headline \(id)", unread: unread, marked: marked)
                return id
            }
        }
    }

    /// The JSON object of every call with operation `op`, in order.
    func calls(_ op: String) -> [[String: Any]] {
        http.requests(for: Self.path).compactMap { request in
            (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any]
        }.filter { $0["op"] as? String == op }
    }

    // MARK: - Answers

    private func answer(_ request: RecordedRequest) -> TestHTTPResponse {
        guard request.method == "POST",
              let call = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any],
              let op = call["op"] as? String
        else { return Self.failure("INCORRECT_USAGE") }
        return state.withLock { state in
            if op == "login" {
                guard call["user"] as? String == Self.user, call["password"] as? String == Self.password else {
                    return Self.failure("LOGIN_ERROR")
                }
                guard !state.apiDisabled else { return Self.failure("API_DISABLED") }
                state.logins += 1
                let session = "session-\(state.logins)"
                state.sessions.insert(session)
                return Self.success(["session_id": session, "api_level": 15])
            }
            if state.expireSessions > 0 {
                state.expireSessions -= 1
                state.sessions.removeAll()
            }
            guard let sid = call["sid"] as? String, state.sessions.contains(sid) else { return Self.failure("NOT_LOGGED_IN") }
            return Self.answer(op, call, &state)
        }
    }

    private static func answer(_ op: String, _ call: [String: Any], _ state: inout State) -> TestHTTPResponse {
        switch op {
        case "getCategories":
            var categories: [[String: Any]] = state.categories.sorted { $0.key < $1.key }.map { ["id": String($0.key), "title": $0.value, "unread": 0] }
            categories += [["id": -1, "title": "Special", "unread": 0], ["id": 0, "title": "Uncategorized", "unread": 0]]
            return success(categories)
        case "getFeeds":
            return success(state.feeds.values.sorted { $0.id < $1.id }.map {
                ["id": $0.id, "title": $0.title, "feed_url": $0.url, "cat_id": $0.categoryID, "unread": 0] as [String: Any]
            })
        case "subscribeToFeed":
            if let failure = state.subscribeFailure {
                return success(["status": ["code": failure.code, "message": failure.message]])
            }
            let url = call["feed_url"] as? String ?? ""
            if let existing = state.feeds.values.first(where: { $0.url == url }) {
                return success(["status": ["code": 0, "feed_id": existing.id]])
            }
            let id = state.nextFeedID
            state.nextFeedID += 1
            state.feeds[id] = Feed(id: id, url: url, title: url, categoryID: call["category_id"] as? Int ?? 0)
            return success(["status": ["code": 1, "feed_id": id]])
        case "unsubscribeFeed":
            guard let id = call["feed_id"] as? Int, state.feeds.removeValue(forKey: id) != nil else { return failure("FEED_NOT_FOUND") }
            state.headlines = state.headlines.filter { $0.value.feedID != id }
            return success(["status": "OK"])
        case "getHeadlines":
            if call["view_mode"] as? String == "unread", call["skip"] as? Int ?? 0 > 0 {
                for id in state.readBeforeLaterUnreadPage { state.headlines[id]?.unread = false }
                state.readBeforeLaterUnreadPage = []
            }
            return success(headlines(call, state))
        case "updateArticle":
            let ids = (call["article_ids"] as? String ?? "").split(separator: ",").compactMap { Int($0) }
            let mode = call["mode"] as? Int ?? 0
            var updated = 0
            for id in ids where state.headlines[id] != nil {
                switch call["field"] as? Int {
                case 0: state.headlines[id]?.marked = mode == 1
                case 2: state.headlines[id]?.unread = mode == 1
                default: return failure("INCORRECT_USAGE")
                }
                updated += 1
            }
            return success(["status": "OK", "updated": updated])
        default:
            return failure("UNKNOWN_METHOD")
        }
    }

    /// `getHeadlines` of every article (-4) or the starred ones (-1), `unread` or
    /// `all_articles`, oldest first (`date_reverse`), above `since_id`, `skip` and `limit`.
    private static func headlines(_ call: [String: Any], _ state: State) -> [[String: Any]] {
        let feed = call["feed_id"] as? Int ?? -4
        let view = call["view_mode"] as? String ?? "all_articles"
        let since = call["since_id"] as? Int ?? 0
        let skip = call["skip"] as? Int ?? 0
        let limit = min(call["limit"] as? Int ?? 200, 200)
        let content = call["show_content"] as? Bool ?? false
        let selected = state.headlines.values
            .filter { $0.id > since && (feed != -1 || $0.marked) && (view != "unread" || $0.unread) }
            .sorted { $0.id < $1.id }
            .dropFirst(skip).prefix(limit)
        return selected.map { headline in
            var row: [String: Any] = [
                "id": headline.id, "guid": "SHA1:\(headline.id)", "unread": headline.unread, "marked": headline.marked,
                "updated": 1_735_689_600 + headline.id, "title": headline.title, "link": "https://blog.example/\(headline.id)",
                "feed_id": String(headline.feedID), "author": "",
            ]
            if content { row["content"] = "<p>\(headline.title)</p>" }
            return row
        }
    }

    private static func success(_ content: Any) -> TestHTTPResponse {
        envelope(["seq": 0, "status": 0, "content": content])
    }

    private static func failure(_ error: String) -> TestHTTPResponse {
        envelope(["seq": 0, "status": 1, "content": ["error": error]])
    }

    private static func envelope(_ object: [String: Any]) -> TestHTTPResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        return TestHTTPResponse(status: 200, headers: [("Content-Type", "text/json; charset=utf-8")], body: Array(body))
    }
}

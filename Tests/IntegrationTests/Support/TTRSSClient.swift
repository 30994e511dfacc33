import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// tt-rss's JSON API (level 15) as the sync tests drive it from the server's side: to set up
/// what Tidings should find and to check what Tidings did. One session of `admin`.
///
/// Every request is a JSON POST (tt-rss ignores form bodies) with the same User-Agent, as tt-rss
/// binds a session to the User-Agent that logged in. A failure throws `TTRSSError` with
/// tt-rss's message. Safe to use from several tasks: each call is one request.
struct TTRSSClient: Sendable {
    /// Sent with every request: a session answers only the User-Agent that logged in.
    static let userAgent = "TidingsTests/1.0 (tt-rss fixture)"
    private static let session = URLSession(configuration: .ephemeral)

    let apiURL: URL
    let sessionID: String

    /// Logs in and returns the session.
    /// - Throws: `TTRSSError` (`LOGIN_ERROR`, `API_DISABLED`), or URLSession's error.
    static func login(apiURL: URL, user: String, password: String) async throws -> TTRSSClient {
        struct Session: Decodable {
            let sessionID: String
            enum CodingKeys: String, CodingKey { case sessionID = "session_id" }
        }
        let session: Session = try await request(apiURL, "login", ["user": .string(user), "password": .string(password)])
        return TTRSSClient(apiURL: apiURL, sessionID: session.sessionID)
    }

    /// Whether tt-rss at `apiURL` answers with its JSON (getApiLevel, no session needed to get
    /// an answer); for waiting until it is up.
    static func answers(_ apiURL: URL) async -> Bool {
        do {
            let _: Ignored = try await request(apiURL, "getApiLevel", [:])
            return true
        } catch let error as TTRSSError {
            return !error.message.hasPrefix("not JSON")
        } catch {
            return false
        }
    }

    /// Ends the session; later calls with it fail with `NOT_LOGGED_IN`.
    func logout() async throws {
        let _: Ignored = try await call("logout")
    }

    // MARK: - Feeds and categories

    /// Subscribes to `url`, in category `categoryID` when given (else uncategorized); tt-rss
    /// fetches it to check it. Returns the feed's id, also when it was subscribed already.
    /// - Throws: `TTRSSError` with tt-rss's code and message when it refuses (2 invalid URL,
    ///   3 no feed in the page, 4 several feeds in the page, 5 cannot download).
    func subscribeToFeed(_ url: String, categoryID: Int? = nil) async throws -> Int {
        struct Subscribed: Decodable {
            struct Status: Decodable {
                let code: Int
                let feedID: Int?
                let message: String?
                enum CodingKeys: String, CodingKey { case code, message, feedID = "feed_id" }
            }
            let status: Status
        }
        var parameters: [String: Parameter] = ["feed_url": .string(url)]
        if let categoryID { parameters["category_id"] = .int(categoryID) }
        let answer: Subscribed = try await call("subscribeToFeed", parameters)
        guard answer.status.code <= 1, let id = answer.status.feedID else {
            throw TTRSSError(operation: "subscribeToFeed", message: "code \(answer.status.code): \(answer.status.message ?? "no message")")
        }
        return id
    }

    /// Unsubscribes from feed `feedID`, with its articles.
    /// - Throws: `TTRSSError` (`FEED_NOT_FOUND`).
    func unsubscribeFeed(_ feedID: Int) async throws {
        let _: Ignored = try await call("unsubscribeFeed", ["feed_id": .int(feedID)])
    }

    /// Fetches and parses feed `feedID` now, returning when done. tt-rss answers OK even when
    /// the fetch failed: check the articles, or `Feed.lastUpdated`, or the feed server's log.
    func updateFeed(_ feedID: Int) async throws {
        let _: Ignored = try await call("updateFeed", ["feed_id": .int(feedID)])
    }

    /// The categories, with the special ones (-1 Special, -2 Labels, 0 Uncategorized).
    func getCategories(includeEmpty: Bool = true) async throws -> [Category] {
        try await call("getCategories", ["include_empty": .bool(includeEmpty)])
    }

    /// The feeds of category `categoryID`: -3 every real feed, -4 those and the special ones
    /// (starred, published, fresh, all, recently read, archived), 0 uncategorized.
    func getFeeds(categoryID: Int = -3, unreadOnly: Bool = false) async throws -> [Feed] {
        try await call("getFeeds", ["cat_id": .int(categoryID), "unread_only": .bool(unreadOnly)])
    }

    // MARK: - Articles

    /// The articles of feed `feedID` (-4 all, -1 starred, -3 fresh), newest first; at most
    /// `limit` (tt-rss caps it at 200), after skipping `skip`, with ids above `sinceID`, with
    /// their content when `showContent`.
    func getHeadlines(
        feedID: Int, viewMode: ViewMode = .allArticles, showContent: Bool = false, sinceID: Int? = nil,
        limit: Int? = nil, skip: Int? = nil
    ) async throws -> [Article] {
        var parameters: [String: Parameter] = [
            "feed_id": .int(feedID), "view_mode": .string(viewMode.rawValue), "show_content": .bool(showContent),
        ]
        if let sinceID { parameters["since_id"] = .int(sinceID) }
        if let limit { parameters["limit"] = .int(limit) }
        if let skip { parameters["skip"] = .int(skip) }
        return try await call("getHeadlines", parameters)
    }

    /// Sets `field` of the articles `ids`; returns how many changed.
    @discardableResult
    func updateArticles(_ ids: [Int], field: ArticleField, mode: UpdateMode) async throws -> Int {
        struct Updated: Decodable { let updated: Int }
        let parameters: [String: Parameter] = [
            "article_ids": .string(ids.map(String.init).joined(separator: ",")), "field": .int(field.rawValue),
            "mode": .int(mode.rawValue),
        ]
        let answer: Updated = try await call("updateArticle", parameters)
        return answer.updated
    }

    /// Marks the articles `ids` read (or unread).
    func setRead(_ ids: [Int], _ read: Bool = true) async throws {
        try await updateArticles(ids, field: .unread, mode: read ? .off : .on)
    }

    /// Stars (or unstars) the articles `ids`.
    func setStarred(_ ids: [Int], _ starred: Bool = true) async throws {
        try await updateArticles(ids, field: .starred, mode: starred ? .on : .off)
    }

    /// The articles `ids` with their content; unknown ids are left out.
    func getArticles(_ ids: [Int]) async throws -> [Article] {
        try await call("getArticle", ["article_id": .string(ids.map(String.init).joined(separator: ","))])
    }

    // MARK: - Requests

    /// Calls `operation` in this session and decodes its `content`.
    /// - Throws: `TTRSSError` with tt-rss's error (`NOT_LOGGED_IN`, `INCORRECT_USAGE`…) or an
    ///   answer that does not decode; URLSession's error when tt-rss cannot be reached.
    func call<Content: Decodable>(_ operation: String, _ parameters: [String: Parameter] = [:]) async throws -> Content {
        var parameters = parameters
        parameters["sid"] = .string(sessionID)
        return try await Self.request(apiURL, operation, parameters)
    }

    private static func request<Content: Decodable>(
        _ apiURL: URL, _ operation: String, _ parameters: [String: Parameter]
    ) async throws -> Content {
        var parameters = parameters
        parameters["op"] = .string(operation)
        var request = URLRequest(url: apiURL, timeoutInterval: 60)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        request.httpBody = try JSONEncoder().encode(parameters)
        let (data, _) = try await session.data(for: request)
        let decoder = JSONDecoder()
        let text = { String(decoding: data.prefix(2000), as: UTF8.self) }
        guard let status = try? decoder.decode(Reply<Ignored>.self, from: data).status else {
            throw TTRSSError(operation: operation, message: "not JSON: \(text())")
        }
        guard status == 0 else {
            let failure = try? decoder.decode(Reply<Failure>.self, from: data).content
            throw TTRSSError(operation: operation, message: failure?.error ?? "status \(status): \(text())")
        }
        do {
            return try decoder.decode(Reply<Content>.self, from: data).content
        } catch {
            throw TTRSSError(operation: operation, message: "unexpected answer (\(error)): \(text())")
        }
    }

    private struct Reply<Content: Decodable>: Decodable {
        let status: Int
        let content: Content
    }

    private struct Failure: Decodable { let error: String }

    /// Content whose details do not matter.
    private struct Ignored: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}

/// tt-rss refused a call, or answered what the client cannot read.
struct TTRSSError: Error, CustomStringConvertible {
    /// The API operation (`subscribeToFeed`, `getHeadlines`…).
    let operation: String
    /// tt-rss's error (`NOT_LOGGED_IN`, `FEED_NOT_FOUND`…) or what was wrong with its answer.
    let message: String

    var description: String { "tt-rss \(operation): \(message)" }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities
import FeedFetching

/// `SyncService` over miniflux's REST API (`/v1`), signed in with an API token
/// (`X-Auth-Token`) or a user and password (HTTP basic).
///
/// Entries are read by id (`after_entry_id`, oldest first), so entries added during a sync are
/// neither skipped nor read twice, and state changes by `changed_after`: every change of an
/// entry's status or star moves its `changed_at`, measured by the service's own clock. A feed
/// is in exactly one category.
public struct MinifluxService: SyncService {
    /// Entries per page: about 2 MB of JSON with typical content.
    static let pageSize = 500
    /// Entry ids per status change.
    static let batchSize = 1000

    let connection: ServiceConnection
    /// `X-Auth-Token: …` for a token, none for basic credentials (in the transfer settings).
    let authorization: [String]

    public var capabilities: SyncCapabilities {
        SyncCapabilities(multipleCategories: false, rename: true, recategorize: true, stateChanges: true)
    }

    /// - Parameters:
    ///   - url: the service's address (where `/v1/…` lives below).
    ///   - credentials: an API token, or a user and password.
    ///   - settings: user agent, CA file, proxy and timeout of every call.
    public init(fetcher: any RemoteDataManager, url: String, credentials: SyncCredentials, settings: TransferSettings) {
        var settings = settings
        settings.headers.append("Accept: application/json")
        switch credentials {
        case .token(let token):
            authorization = ["X-Auth-Token: \(token)"]
        case .password(let user, let password):
            authorization = []
            settings.credentials = TransferSettings.Credentials(user: user, password: password, method: .basic)
        }
        connection = ServiceConnection(fetcher: fetcher, baseURL: url, settings: settings)
    }

    public func verify() async throws(SyncError) {
        try await send(.get, "/v1/me")
    }

    public func subscriptions() async throws(SyncError) -> [RemoteSubscription] {
        try await call([MinifluxAPI.Feed].self, .get, "/v1/feeds").map(Self.subscription)
    }

    public func subscribe(url: String, title: String?, categories: [String]) async throws(SyncError) -> RemoteSubscription {
        let categoryID = try await categories.first.asyncMap { name throws(SyncError) in try await category(named: name) }
        let feedID: Int64
        do {
            feedID = try await call(
                MinifluxAPI.CreatedFeed.self, .post, "/v1/feeds",
                body: ServiceConnection.jsonBody(MinifluxAPI.NewFeed(feedURL: url, categoryID: categoryID))
            ).feedID
        } catch .refused(let reason) {
            // "This feed already exists": the account has it, which is what was asked.
            guard let existing = try await subscriptions().first(where: { $0.url == url }) else { throw .refused(reason) }
            return existing
        }
        if let title {
            try await edit(String(feedID), title: title, categories: nil)
        }
        let feed = try await call(MinifluxAPI.Feed.self, .get, "/v1/feeds/\(feedID)")
        return Self.subscription(feed)
    }

    public func unsubscribe(_ subscriptionID: String) async throws(SyncError) {
        try await send(.delete, "/v1/feeds/\(try Self.number(subscriptionID))")
    }

    public func edit(_ subscriptionID: String, title: String?, categories: [String]?) async throws(SyncError) {
        let id = try Self.number(subscriptionID)
        var change = MinifluxAPI.FeedChange(title: title)
        if let name = categories?.first {
            change.categoryID = try await category(named: name)
        }
        guard change.title != nil || change.categoryID != nil else { return }
        try await send(.put, "/v1/feeds/\(id)", body: ServiceConnection.jsonBody(change))
    }

    public func states() async throws(SyncError) -> RemoteStates? { nil }

    public func setRead(_ read: Bool, entries: [String]) async throws(SyncError) {
        let ids = entries.compactMap { Int64($0) }
        for start in stride(from: 0, to: ids.count, by: Self.batchSize) {
            let batch = Array(ids[start..<min(start + Self.batchSize, ids.count)])
            let change = MinifluxAPI.StatusChange(entryIDs: batch, status: read ? "read" : "unread")
            try await send(.put, "/v1/entries", body: ServiceConnection.jsonBody(change))
        }
    }

    /// The API only toggles a star, so each entry is read first and toggled only when it differs:
    /// a retry after a lost answer must not undo the change.
    public func setStarred(_ starred: Bool, entries: [String]) async throws(SyncError) {
        for id in entries.compactMap({ Int64($0) }) {
            let entry: MinifluxAPI.Entry
            do {
                entry = try await call(MinifluxAPI.Entry.self, .get, "/v1/entries/\(id)")
            } catch .notFound {
                continue
            }
            guard entry.starred != starred else { continue }
            try await send(.put, "/v1/entries/\(id)/bookmark")
        }
    }

    // MARK: - Calls

    /// One call with the account's authorization, its answer decoded.
    func call<Answer: Decodable>(
        _ type: Answer.Type, _ method: FetchRequest.Method, _ path: String, query: [(String, String)] = [],
        body: FetchRequest.Body? = nil
    ) async throws(SyncError) -> Answer {
        try await connection.json(
            type, method, path, query: query, body: body, headers: authorization, explain: Self.explanation)
    }

    /// One call whose answer says nothing but that it was done.
    func send(_ method: FetchRequest.Method, _ path: String, body: FetchRequest.Body? = nil) async throws(SyncError) {
        let response = try await connection.call(method, path, body: body, headers: authorization, explain: Self.explanation)
        // miniflux answers a change with nothing (204) or JSON; a 2xx page of something
        // else (a captive portal) says nothing of the change, which must stay queued.
        guard Self.isEmptyOrJSON(response.body) else { throw .malformedAnswer("\(path): not the JSON the API documents") }
    }

    /// The id of the category called `name` (case-insensitively), made when the account lacks it.
    private func category(named name: String) async throws(SyncError) -> Int64 {
        let categories = try await call([MinifluxAPI.Category].self, .get, "/v1/categories")
        if let found = categories.first(where: { $0.title.caseInsensitiveCompare(name) == .orderedSame }) {
            return found.id
        }
        return try await call(
            MinifluxAPI.Category.self, .post, "/v1/categories", body: ServiceConnection.jsonBody(MinifluxAPI.NewCategory(title: name))
        ).id
    }

    static func subscription(_ feed: MinifluxAPI.Feed) -> RemoteSubscription {
        RemoteSubscription(
            id: String(feed.id), url: feed.feedURL, title: feed.title,
            siteLink: feed.siteURL.flatMap { $0.isEmpty ? nil : $0 }, categories: feed.category.map { [$0.title] } ?? [])
    }

    static func number(_ id: String) throws(SyncError) -> Int64 {
        guard let number = Int64(id) else { throw .notFound("no miniflux id \(id)") }
        return number
    }

    /// Whether `body` is empty or starts as a JSON object or array does.
    static func isEmptyOrJSON(_ body: Data) -> Bool {
        guard let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return true }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    static func explanation(_ body: Data) -> String? {
        (try? JSONDecoder().decode(MinifluxAPI.Failure.self, from: body))?.errorMessage
            ?? ServiceConnection.plainExplanation(body)
    }
}

extension Optional {
    /// `map` with an async transform that throws `SyncError`.
    func asyncMap<T>(_ transform: (Wrapped) async throws(SyncError) -> T) async throws(SyncError) -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}

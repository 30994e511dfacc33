#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities
import FeedFetching

/// `SyncService` over Tiny Tiny RSS's JSON API (`/api/`): JSON bodies, a session opened by
/// `login`, a feed in at most one category.
///
/// The API (level 15, Debian 12's tt-rss) can subscribe and unsubscribe, but has no call to
/// rename a feed, move it to another category or create a category: `edit` throws
/// `SyncError.unsupported`, and `subscribe` uses a category only when the account has it.
/// States are read whole (`states()`), since the API keeps no time of a change.
public struct TinyTinyRSSService: SyncService {
    /// Headlines overlap by this many from one page to the next: an article that leaves the
    /// unread list during the listing moves the later ones up, and would otherwise be skipped.
    static let pageOverlap = 20

    let connection: ServiceConnection
    let user: String
    let password: String
    let session = TinyTinyRSSSession()

    public var capabilities: SyncCapabilities {
        SyncCapabilities(multipleCategories: false, rename: false, recategorize: false, stateChanges: false)
    }

    /// - Parameter url: tt-rss's address (where `api/` is below it).
    public init(fetcher: any RemoteDataManager, url: String, user: String, password: String, settings: TransferSettings) {
        var settings = settings
        settings.headers.append("Accept: application/json")
        var base = url
        while base.hasSuffix("/") { base.removeLast() }
        if base.hasSuffix("/api") { base.removeLast(4) }
        connection = ServiceConnection(fetcher: fetcher, baseURL: base, settings: settings)
        self.user = user
        self.password = password
    }

    public func verify() async throws(SyncError) {
        session.set(nil)
        _ = try await signedIn()
    }

    public func subscriptions() async throws(SyncError) -> [RemoteSubscription] {
        let names = try await categoryNames()
        let feeds = try await call([TinyTinyRSSAPI.Feed].self, "getFeeds", ["cat_id": .int(TinyTinyRSSAPI.allFeeds)])
        return feeds.map { feed in
            RemoteSubscription(
                id: String(feed.id.value), url: feed.feedURL, title: feed.title ?? feed.feedURL,
                categories: feed.catID.flatMap { names[$0.value] }.map { [$0] } ?? [])
        }
    }

    public func subscribe(url: String, title: String?, categories: [String]) async throws(SyncError) -> RemoteSubscription {
        var parameters: [String: TinyTinyRSSAPI.Value] = ["feed_url": .string(url)]
        if let name = categories.first,
           let id = try await categoryNames().first(where: { $0.value.caseInsensitiveCompare(name) == .orderedSame })?.key {
            parameters["category_id"] = .int(Int(id))
        }
        let status = try await call(TinyTinyRSSAPI.Subscribed.self, "subscribeToFeed", parameters).status
        switch status.code {
        case 0, 1:
            // 0: already subscribed, which is what was asked.
            guard let subscription = try await subscriptions().first(where: { $0.url == url || $0.id == status.feedID.map { String($0.value) } })
            else { throw .malformedAnswer("subscribed to \(url), but the feed list does not have it") }
            return subscription
        default:
            throw .refused(Self.subscribeFailure(status, url: url))
        }
    }

    public func unsubscribe(_ subscriptionID: String) async throws(SyncError) {
        guard let id = Int(subscriptionID) else { throw .notFound("no tt-rss feed \(subscriptionID)") }
        _ = try await call(TinyTinyRSSAPI.Failure.self, "unsubscribeFeed", ["feed_id": .int(id)])
    }

    public func edit(_ subscriptionID: String, title: String?, categories: [String]?) async throws(SyncError) {
        guard title != nil || categories != nil else { return }
        throw .unsupported(
            "tt-rss's API cannot \(title != nil ? "rename a feed" : "move a feed to another category"): the change stays in Tidings only")
    }

    public func setRead(_ read: Bool, entries: [String]) async throws(SyncError) {
        try await update(field: 2, value: !read, entries: entries)
    }

    public func setStarred(_ starred: Bool, entries: [String]) async throws(SyncError) {
        try await update(field: 0, value: starred, entries: entries)
    }

    /// `updateArticle`: `field` 0 is starred (`marked`), 2 unread.
    private func update(field: Int, value: Bool, entries: [String]) async throws(SyncError) {
        let ids = entries.compactMap { Int64($0) }
        for start in stride(from: 0, to: ids.count, by: 500) {
            let batch = ids[start..<min(start + 500, ids.count)].map(String.init).joined(separator: ",")
            _ = try await call(
                TinyTinyRSSAPI.Failure.self, "updateArticle",
                ["article_ids": .string(batch), "field": .int(field), "mode": .int(value ? 1 : 0)])
        }
    }

    /// Category titles by id (uncategorized, 0, has none).
    private func categoryNames() async throws(SyncError) -> [Int64: String] {
        let categories = try await call([TinyTinyRSSAPI.Category].self, "getCategories", ["include_empty": .bool(true)])
        var names: [Int64: String] = [:]
        for category in categories where category.id.value > 0 { names[category.id.value] = category.title }
        return names
    }

    private static func subscribeFailure(_ status: TinyTinyRSSAPI.SubscribeStatus, url: String) -> String {
        let reason = switch status.code {
        case 2: "invalid URL"
        case 3: "no feed found at that address"
        case 4: "the page names several feeds: subscribe to one of them"
        case 5: "tt-rss could not download it"
        case 6: "the feed is not valid XML"
        default: "code \(status.code)"
        }
        return "\(url): \(reason)" + (status.message.map { " (\(ServiceConnection.oneLine($0)))" } ?? "")
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities
import FeedFetching

/// `SyncService` over the Google Reader API, as FreshRSS (`…/api/greader.php`), miniflux,
/// Inoreader, The Old Reader and BazQux serve it: signed in with `ClientLogin`, labels as
/// categories (a feed may have several), states as the `read` and `starred` tags.
///
/// The API records no time of a state change, so states are read whole (`states()`: the ids
/// of unread and of starred entries) rather than as changes.
public struct GoogleReaderService: SyncService {
    /// Ids asked for per `stream/items/ids` call, and entries per `stream/items/contents` call.
    static let idPageSize = 10_000
    static let contentBatch = 250
    /// New entries are asked for from this long before the newest one read last time, since
    /// the API's time filter is by crawl time, which a busy service does not assign in order.
    static let crawlMargin: Int64 = 600

    let connection: ServiceConnection
    let user: String
    let password: String
    let session = GoogleReaderSession()

    public var capabilities: SyncCapabilities {
        SyncCapabilities(multipleCategories: true, rename: true, recategorize: true, stateChanges: false)
    }

    /// - Parameter url: the API's root, where `/accounts/ClientLogin` and `/reader/api/0/…` are
    ///   (FreshRSS: `https://host/api/greader.php`; miniflux: its address).
    public init(fetcher: any RemoteDataManager, url: String, user: String, password: String, settings: TransferSettings) {
        connection = ServiceConnection(fetcher: fetcher, baseURL: url, settings: settings)
        self.user = user
        self.password = password
    }

    public func verify() async throws(SyncError) {
        session.set(auth: nil)
        _ = try await signedIn()
    }

    public func subscriptions() async throws(SyncError) -> [RemoteSubscription] {
        try await json(GoogleReaderAPI.SubscriptionList.self, .get, "/reader/api/0/subscription/list", query: [("output", "json")])
            .subscriptions.compactMap(Self.subscription)
    }

    public func subscribe(url: String, title: String?, categories: [String]) async throws(SyncError) -> RemoteSubscription {
        let added: GoogleReaderAPI.QuickAdd
        do {
            added = try await json(
                GoogleReaderAPI.QuickAdd.self, .post, "/reader/api/0/subscription/quickadd", form: [("quickadd", url)])
        } catch .refused(let reason) {
            // miniflux refuses a feed the account has already: that one is what was asked for.
            guard let existing = try await subscriptions().first(where: { $0.url == url }) else { throw .refused(reason) }
            return existing
        }
        guard let streamID = added.streamId, !streamID.isEmpty, added.numResults ?? 1 > 0 else {
            // FreshRSS answers no result for a feed the account has already.
            if let existing = try await subscriptions().first(where: { $0.url == url }) { return existing }
            throw .refused(added.error.map(ServiceConnection.oneLine) ?? "the service could not subscribe to \(url)")
        }
        if title != nil || !categories.isEmpty {
            var form = [("ac", "edit"), ("s", streamID)]
            if let title { form.append(("t", title)) }
            form += categories.map { ("a", GoogleReaderAPI.labelPrefix + $0) }
            try await post("/reader/api/0/subscription/edit", form: form)
        }
        let all = try await subscriptions()
        guard let subscription = all.first(where: { $0.id == streamID }) ?? all.first(where: { $0.url == url }) else {
            throw .malformedAnswer("subscribed to \(url), but the subscription list does not have it")
        }
        return subscription
    }

    public func unsubscribe(_ subscriptionID: String) async throws(SyncError) {
        guard try await subscriptions().contains(where: { $0.id == subscriptionID }) else {
            throw .notFound("no subscription \(subscriptionID)")
        }
        try await post("/reader/api/0/subscription/edit", form: [("ac", "unsubscribe"), ("s", subscriptionID)])
    }

    public func edit(_ subscriptionID: String, title: String?, categories: [String]?) async throws(SyncError) {
        var form = [("ac", "edit"), ("s", subscriptionID)]
        if let title { form.append(("t", title)) }
        if let categories {
            guard let current = try await subscriptions().first(where: { $0.id == subscriptionID }) else {
                throw .notFound("no subscription \(subscriptionID)")
            }
            let wanted = Set(categories.map { $0.lowercased() })
            let present = Set(current.categories.map { $0.lowercased() })
            form += categories.filter { !present.contains($0.lowercased()) }.map { ("a", GoogleReaderAPI.labelPrefix + $0) }
            form += current.categories.filter { !wanted.contains($0.lowercased()) }.map { ("r", GoogleReaderAPI.labelPrefix + $0) }
        }
        guard form.count > 2 else { return }
        try await post("/reader/api/0/subscription/edit", form: form)
    }

    public func states() async throws(SyncError) -> RemoteStates? {
        let unread = try await itemIDs(stream: GoogleReaderAPI.readingList, extra: [("xt", GoogleReaderAPI.read)])
        let starred = try await itemIDs(stream: GoogleReaderAPI.starred, extra: [])
        return RemoteStates(unread: Set(unread), starred: Set(starred))
    }

    public func setRead(_ read: Bool, entries: [String]) async throws(SyncError) {
        try await tag(GoogleReaderAPI.read, adding: read, entries: entries)
    }

    public func setStarred(_ starred: Bool, entries: [String]) async throws(SyncError) {
        try await tag(GoogleReaderAPI.starred, adding: starred, entries: entries)
    }

    private func tag(_ tag: String, adding: Bool, entries: [String]) async throws(SyncError) {
        for start in stride(from: 0, to: entries.count, by: Self.contentBatch) {
            let batch = entries[start..<min(start + Self.contentBatch, entries.count)]
            try await post("/reader/api/0/edit-tag", form: batch.map { ("i", Self.longID($0)) } + [(adding ? "a" : "r", tag)])
        }
    }

    static func subscription(_ subscription: GoogleReaderAPI.Subscription) -> RemoteSubscription? {
        // `feed/URL` is the id where the service gives no `url`.
        let url = subscription.url ?? (subscription.id.hasPrefix("feed/") ? String(subscription.id.dropFirst(5)) : nil)
        guard let url, !url.isEmpty else { return nil }
        return RemoteSubscription(
            id: subscription.id, url: url, title: subscription.title ?? url,
            siteLink: subscription.htmlUrl.flatMap { $0.isEmpty ? nil : $0 },
            categories: (subscription.categories ?? []).filter { $0.id.contains("/label/") }.map(\.name))
    }
}

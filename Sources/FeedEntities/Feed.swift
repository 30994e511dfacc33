#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A subscribed feed as the store knows it, with the counters a listing needs.
public struct Feed: Sendable, Codable, Hashable, Identifiable {
    /// Stable number of the feed (the store's row id); what `--feed` and `unsubscribe` accept.
    public var id: Int64
    /// The URL the daemon fetches.
    public var url: String
    /// Title from the feed document, or the URL when the document has none.
    public var title: String
    /// The site's home page (the feed's alternate link), when the document names one.
    public var siteLink: String?
    /// When the feed was first stored.
    public var subscribedAt: Date
    /// The last refresh that fetched and parsed the feed successfully.
    public var lastRefreshed: Date?
    /// The last refresh attempt, successful or not.
    public var lastAttempt: Date?
    /// The error of the last attempt; `nil` when it succeeded.
    public var lastError: String?
    /// Number of stored items.
    public var itemCount: Int
    /// Number of stored items not yet read.
    public var unreadCount: Int

    public init(
        id: Int64, url: String, title: String, siteLink: String? = nil, subscribedAt: Date,
        lastRefreshed: Date? = nil, lastAttempt: Date? = nil, lastError: String? = nil,
        itemCount: Int = 0, unreadCount: Int = 0
    ) {
        self.id = id
        self.url = url
        self.title = title
        self.siteLink = siteLink
        self.subscribedAt = subscribedAt
        self.lastRefreshed = lastRefreshed
        self.lastAttempt = lastAttempt
        self.lastError = lastError
        self.itemCount = itemCount
        self.unreadCount = unreadCount
    }
}

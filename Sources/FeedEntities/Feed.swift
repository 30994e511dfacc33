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
    /// The HTTP status of the last answer, `nil` before any or when none came (DNS, timeout).
    public var httpStatus: Int?
    /// Failed attempts since the last success (the scheduler backs off on them).
    public var consecutiveFailures: Int
    /// The validators of the last document fetched, sent back for a conditional GET.
    public var etag: String?
    public var lastModified: String?
    /// A permanent redirect seen on the last attempt; seen again on the next, it becomes `url`.
    public var movedTo: String?
    /// When the server said `410 Gone`: the feed is kept, and no longer polled.
    public var goneSince: Date?
    /// When the scheduler will next fetch the feed; `nil` when it is due (or gone).
    public var nextCheck: Date?
    /// How often the feed document says it changes, in seconds (`ParsedFeed.updateInterval`),
    /// from its last full fetch.
    public var updateHint: Double?
    /// The user's tags, sorted case-insensitively (`tidings tag`, OPML outlines, newsboat tags).
    public var tags: [String]
    /// Whether `title` is the user's own name for the feed (`tidings rename`, an imported
    /// title) rather than the one the feed document gives; refreshes never change it.
    public var hasCustomTitle: Bool
    /// What the user set for this feed (`tidings feed set`); empty when it follows the config.
    public var settings: FeedSettings
    /// Whether the feed's items come from the sync service (`sync:`) rather than its site.
    public var synced: Bool

    public init(
        id: Int64, url: String, title: String, siteLink: String? = nil, subscribedAt: Date,
        lastRefreshed: Date? = nil, lastAttempt: Date? = nil, lastError: String? = nil,
        itemCount: Int = 0, unreadCount: Int = 0, httpStatus: Int? = nil, consecutiveFailures: Int = 0,
        etag: String? = nil, lastModified: String? = nil, movedTo: String? = nil, goneSince: Date? = nil,
        nextCheck: Date? = nil, updateHint: Double? = nil, tags: [String] = [], hasCustomTitle: Bool = false,
        settings: FeedSettings = FeedSettings(), synced: Bool = false
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
        self.httpStatus = httpStatus
        self.consecutiveFailures = consecutiveFailures
        self.etag = etag
        self.lastModified = lastModified
        self.movedTo = movedTo
        self.goneSince = goneSince
        self.nextCheck = nextCheck
        self.updateHint = updateHint
        self.tags = tags
        self.hasCustomTitle = hasCustomTitle
        self.settings = settings
        self.synced = synced
    }
}

extension Feed {
    private enum CodingKeys: String, CodingKey {
        case id, url, title, siteLink, subscribedAt, lastRefreshed, lastAttempt, lastError, itemCount, unreadCount
        case httpStatus, consecutiveFailures, etag, lastModified, movedTo, goneSince, nextCheck, updateHint
        case tags, hasCustomTitle, settings, synced
    }

    /// Decodes a feed; the health fields a daemon before protocol 1.1 did not send default to
    /// "healthy, nothing known", the tags of protocol 1.2 to none, the settings of protocol 1.10
    /// to none, `synced` of protocol 1.11 to false.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int64.self, forKey: .id),
            url: try container.decode(String.self, forKey: .url),
            title: try container.decode(String.self, forKey: .title),
            siteLink: try container.decodeIfPresent(String.self, forKey: .siteLink),
            subscribedAt: try container.decode(Date.self, forKey: .subscribedAt),
            lastRefreshed: try container.decodeIfPresent(Date.self, forKey: .lastRefreshed),
            lastAttempt: try container.decodeIfPresent(Date.self, forKey: .lastAttempt),
            lastError: try container.decodeIfPresent(String.self, forKey: .lastError),
            itemCount: try container.decode(Int.self, forKey: .itemCount),
            unreadCount: try container.decode(Int.self, forKey: .unreadCount),
            httpStatus: try container.decodeIfPresent(Int.self, forKey: .httpStatus),
            consecutiveFailures: try container.decodeIfPresent(Int.self, forKey: .consecutiveFailures) ?? 0,
            etag: try container.decodeIfPresent(String.self, forKey: .etag),
            lastModified: try container.decodeIfPresent(String.self, forKey: .lastModified),
            movedTo: try container.decodeIfPresent(String.self, forKey: .movedTo),
            goneSince: try container.decodeIfPresent(Date.self, forKey: .goneSince),
            nextCheck: try container.decodeIfPresent(Date.self, forKey: .nextCheck),
            updateHint: try container.decodeIfPresent(Double.self, forKey: .updateHint),
            tags: try container.decodeIfPresent([String].self, forKey: .tags) ?? [],
            hasCustomTitle: try container.decodeIfPresent(Bool.self, forKey: .hasCustomTitle) ?? false,
            settings: try container.decodeIfPresent(FeedSettings.self, forKey: .settings) ?? FeedSettings(),
            synced: try container.decodeIfPresent(Bool.self, forKey: .synced) ?? false)
    }
}

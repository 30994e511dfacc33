import FeedEntities

/// One feed as the listing shows it. Strings are unsanitised: the View cleans them.
public struct FeedRow: Equatable, Sendable {
    public var number: Int64
    public var title: String
    public var url: String
    public var siteLink: String?
    public var unread: Int
    public var total: Int
    /// "5 min ago", "never", or a date.
    public var lastRefreshedText: String
    /// The same in a few columns for narrow tables ("5m", "never", `10-01`); `nil` to use
    /// `lastRefreshedText` there too.
    public var lastRefreshedCompact: String?
    /// ISO 8601 UTC, `nil` when never refreshed.
    public var lastRefreshed: String?
    public var lastError: String?
    public var health: FeedHealth
    /// Failed attempts since the last success.
    public var consecutiveFailures: Int
    /// The status of the last HTTP answer, if one came.
    public var httpStatus: Int?
    /// "in 25 min", "now"; `nil` when the feed is not scheduled (gone).
    public var nextCheckText: String?
    /// ISO 8601 UTC of the next check.
    public var nextCheck: String?
    /// ISO 8601 UTC of the `410 Gone` that retired the feed.
    public var goneSince: String?
    /// The user's tags, sorted case-insensitively.
    public var tags: [String]
    /// The feed's own settings (`tidings feed set`), secrets hidden by the daemon.
    public var settings: FeedSettings
    /// Whether its items come from the sync service rather than its site.
    public var synced: Bool

    public init(
        number: Int64, title: String, url: String, siteLink: String?, unread: Int, total: Int,
        lastRefreshedText: String, lastRefreshed: String?, lastError: String?, health: FeedHealth = .ok,
        consecutiveFailures: Int = 0, httpStatus: Int? = nil, nextCheckText: String? = nil, nextCheck: String? = nil,
        goneSince: String? = nil, tags: [String] = [], settings: FeedSettings = FeedSettings(), synced: Bool = false
    ) {
        self.number = number
        self.title = title
        self.url = url
        self.siteLink = siteLink
        self.unread = unread
        self.total = total
        self.lastRefreshedText = lastRefreshedText
        self.lastRefreshed = lastRefreshed
        self.lastError = lastError
        self.health = health
        self.consecutiveFailures = consecutiveFailures
        self.httpStatus = httpStatus
        self.nextCheckText = nextCheckText
        self.nextCheck = nextCheck
        self.goneSince = goneSince
        self.tags = tags
        self.settings = settings
        self.synced = synced
    }
}

/// A feed's state at a glance.
public enum FeedHealth: String, Equatable, Sendable {
    /// The last refresh succeeded.
    case ok
    /// The last refresh failed; the daemon keeps trying, backing off.
    case failing
    /// The server answered `410 Gone`: kept, no longer polled.
    case gone
}

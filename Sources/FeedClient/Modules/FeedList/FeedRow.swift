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
    /// ISO 8601 UTC, `nil` when never refreshed.
    public var lastRefreshed: String?
    public var lastError: String?

    public init(
        number: Int64, title: String, url: String, siteLink: String?, unread: Int, total: Int,
        lastRefreshedText: String, lastRefreshed: String?, lastError: String?
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
    }
}

import FeedEntities

/// Which items `FeedStore.applyRetention` may delete: the config keys `keep_days`,
/// `keep_per_feed`, `keep_unread` and `keep_starred` (Config/config.yaml).
///
/// An item goes when it is older than `maximumAge` (by the date listings sort on) or beyond the
/// newest `maximumItemsPerFeed` of its feed, unless it is unread and `keepUnread` is set, or
/// starred and `keepStarred` is set. Both limits absent (the default) keeps everything.
public struct RetentionPolicy: Sendable, Hashable {
    /// Seconds an item is kept after its date; `nil`: no age limit.
    public var maximumAge: Int?
    /// Items kept per feed, newest first; `nil`: no cap.
    public var maximumItemsPerFeed: Int?
    /// Never delete unread items.
    public var keepUnread: Bool
    /// Never delete starred items.
    public var keepStarred: Bool

    public init(maximumAge: Int? = nil, maximumItemsPerFeed: Int? = nil, keepUnread: Bool = true, keepStarred: Bool = true) {
        self.maximumAge = maximumAge
        self.maximumItemsPerFeed = maximumItemsPerFeed
        self.keepUnread = keepUnread
        self.keepStarred = keepStarred
    }

    /// Whether the policy can delete anything at all.
    public var isEnabled: Bool { maximumAge != nil || maximumItemsPerFeed != nil }

    /// This policy with a feed's own `keep_per_feed` and `keep_days` in place of the global
    /// limits (0 keeps everything, as in the configuration).
    public func overridden(by settings: FeedSettings) -> RetentionPolicy {
        var policy = self
        if let count = settings.keepPerFeed { policy.maximumItemsPerFeed = count > 0 ? count : nil }
        if let days = settings.keepDays { policy.maximumAge = days > 0 ? days * 86_400 : nil }
        return policy
    }
}

/// What one `FeedStore.applyRetention` deleted.
public struct RetentionResult: Sendable, Hashable {
    /// Items deleted, over all feeds.
    public var deletedItems: Int
    /// Items deleted per feed number; feeds that lost none are absent.
    public var deletedPerFeed: [Int64: Int]

    public init(deletedItems: Int = 0, deletedPerFeed: [Int64: Int] = [:]) {
        self.deletedItems = deletedItems
        self.deletedPerFeed = deletedPerFeed
    }
}

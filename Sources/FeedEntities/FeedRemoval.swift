/// What unsubscribing did: the feed as it was, and what became of its items
/// (`FeedStore.removeFeed`, the result of `feeds.unsubscribe`).
public struct FeedRemoval: Sendable, Codable, Hashable {
    /// The feed as it was just before, with its counters.
    public var feed: Feed
    /// Items deleted with it.
    public var deletedItems: Int
    /// Starred items kept, as items of a feed unsubscribed from (protocol 1.6).
    public var keptItems: Int

    public init(feed: Feed, deletedItems: Int, keptItems: Int) {
        self.feed = feed
        self.deletedItems = deletedItems
        self.keptItems = keptItems
    }

    private enum CodingKeys: String, CodingKey { case feed, deletedItems, keptItems }

    /// Decodes a removal; a daemon before protocol 1.6 sent the feed only, and deleted all its
    /// items.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        feed = try container.decode(Feed.self, forKey: .feed)
        deletedItems = try container.decodeIfPresent(Int.self, forKey: .deletedItems) ?? feed.itemCount
        keptItems = try container.decodeIfPresent(Int.self, forKey: .keptItems) ?? 0
    }
}

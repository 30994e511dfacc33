/// What `items.markRead` and `items.star` changed.
public struct ItemStateChange: Codable, Sendable, Hashable {
    /// Items whose state changed (already read items marked read do not count).
    public var updated: Int
    /// Numbers that name no item (protocol 1.2; absent from older daemons).
    public var missing: [Int64]
    /// The feed a `feed` selection named, so that a client can say which feed it was rather
    /// than repeat the selector (protocol 1.6; absent for other selections and from older daemons).
    public var feed: Feed?
    /// The saved view a `view` selection named (protocol 1.18; absent otherwise).
    public var view: SavedView?
    public init(updated: Int, missing: [Int64] = [], feed: Feed? = nil, view: SavedView? = nil) {
        self.updated = updated
        self.missing = missing
        self.feed = feed
        self.view = view
    }

    private enum CodingKeys: String, CodingKey { case updated, missing, feed, view }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        updated = try container.decode(Int.self, forKey: .updated)
        missing = try container.decodeIfPresent([Int64].self, forKey: .missing) ?? []
        feed = try container.decodeIfPresent(Feed.self, forKey: .feed)
        view = try container.decodeIfPresent(SavedView.self, forKey: .view)
    }
}

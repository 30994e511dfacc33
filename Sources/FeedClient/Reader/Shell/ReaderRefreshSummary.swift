/// What a refresh the reader started did.
public struct ReaderRefreshSummary: Equatable, Sendable {
    public var feeds: Int
    public var newItems: Int
    /// The feeds that failed, by title.
    public var failedFeeds: [String]

    public init(feeds: Int, newItems: Int, failedFeeds: [String]) {
        self.feeds = feeds
        self.newItems = newItems
        self.failedFeeds = failedFeeds
    }
}

import FeedEntities

/// What a refresh asks of the article fetcher once a feed's document is stored.
public protocol FeedArticleFetching: Sendable {
    /// Fetches the pages of the feed's items that await their article (new unread items, stale
    /// and failed ones due again), when the feed's `full_text` (or the config's) is `always`;
    /// nothing otherwise. Failures are recorded on the items, never thrown.
    /// - Returns: the articles extracted.
    func fetchArticles(of feed: Feed) async -> Int
}

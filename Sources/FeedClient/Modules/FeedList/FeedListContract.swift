import FeedEntities

// `tidings feeds [--tag T] [--failing]`: the subscribed feeds with their counters and tags.

/// Writes the feed listing.
public protocol FeedListView: AnyObject {
    /// Shows the feeds; when `rows` is empty, shows `emptyNote` instead (an empty document in JSON).
    func showFeeds(_ rows: [FeedRow], emptyNote: String)
    /// Shows why the feeds could not be listed, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// Reading the feed list.
public protocol FeedListUseCase {
    /// Every subscribed feed with its counters, in subscription order; only the feeds with
    /// `tag` (case-insensitively) when it is given.
    /// - Throws: `DaemonRefusal` or `DaemonClientError`.
    func feeds(tagged tag: String?) async throws -> [Feed]
}

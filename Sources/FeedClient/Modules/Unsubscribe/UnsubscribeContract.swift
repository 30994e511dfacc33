import FeedEntities

// `tidings unsubscribe FEED… [--delete-starred] [--json]`: remove feeds and their items, except
// their starred items unless `--delete-starred`.

/// Writes the outcome of an unsubscription.
public protocol UnsubscribeView: AnyObject {
    /// Shows the confirmation line on stdout; with `--json`, instead, the removed feed as it was
    /// and the items deleted and kept, as one JSON document on a line of its own (one a feed).
    func showUnsubscribed(_ message: String, feed: FeedRow, deleted: Int, kept: Int)
    /// Shows why nothing was removed, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// Unsubscribing, as the daemon does it.
public protocol UnsubscribeUseCase {
    /// Asks the daemon to remove the feed `selector` names, with its items: its starred items
    /// too when `deleteStarred`, else they stay as items of a feed unsubscribed from.
    /// - Parameter selector: a feed number, URL, exact title or unambiguous title prefix of at
    ///   least three characters.
    /// - Returns: the removed feed, with its counters as they were, and what became of its items.
    /// - Throws: `DaemonRefusal` (`notFound`, `ambiguous` also for a prefix too short) or
    ///   `DaemonClientError`.
    func unsubscribe(from selector: String, deleteStarred: Bool) async throws -> FeedRemoval
}

import FeedEntities

// `tidings rename FEED TITLE…` and `tidings rename FEED --reset` (both with `--json`): the user's
// own title for a feed.

/// Writes the outcome of a rename.
public protocol RenameFeedView: AnyObject {
    /// Shows the confirmation line on stdout; with `--json`, instead, the feed after the change as
    /// one JSON document.
    func showRenamed(_ message: String, feed: FeedRow)
    /// Shows why the feed was not renamed, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// Renaming, as the daemon does it.
public protocol RenameFeedUseCase {
    /// Gives the feed `selector` names the title `title`, which refreshes never replace; `nil`
    /// returns to the title its feed document gives.
    /// - Returns: the feed afterwards.
    /// - Throws: `DaemonRefusal` (`notFound`/`ambiguous` for the selector, `ambiguous` also for a title
    ///   prefix under three characters) or `DaemonClientError`.
    func rename(feed selector: String, to title: String?) async throws -> Feed
}

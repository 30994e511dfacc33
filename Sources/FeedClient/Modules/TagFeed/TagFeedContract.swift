import FeedEntities

// `tidings tag FEED [+TAG|-TAG|TAG]… [--json]`: add and remove a feed's tags, then show them.

/// Writes the feed's tags.
public protocol TagFeedView: AnyObject {
    /// Shows the feed's tags after the change as one line on stdout; with `--json`, instead, the
    /// feed after the change as one JSON document.
    func showTags(_ line: String, feed: FeedRow)
    /// Shows why the tags could not be changed, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// Changing tags, as the daemon does it.
public protocol TagFeedUseCase {
    /// Adds `changes.add` to and removes `changes.remove` from the feed `selector` names; with
    /// no changes, only looks the feed up.
    /// - Returns: the feed afterwards, its tags sorted case-insensitively.
    /// - Throws: `DaemonRefusal` (`notFound`/`ambiguous` for the selector, `other` for an
    ///   invalid tag; nothing changes then) or `DaemonClientError`.
    func tag(feed selector: String, with changes: TagChanges) async throws -> Feed
}

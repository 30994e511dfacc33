import FeedEntities

// `tidings watch [--json]`: print new items as the daemon stores them, until it stops.

/// Writes new items as they come.
public protocol WatchView: AnyObject {
    /// Writes `rows` at once, one line each, in the given order (a table row on a terminal, a
    /// plain line when piped, one JSON object per line with `--json`).
    func showItems(_ rows: [ItemRow])
    /// Shows a remark (a skipped notification, the daemon stopping) as one line on stderr.
    func showNote(_ note: String)
    /// Shows why watching failed, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// What the daemon tells a watcher.
public enum WatchEvent: Equatable, Sendable {
    /// Items the daemon just stored, oldest number first, without summary and content.
    case newItems([Item])
    /// An `items.new` notification this client cannot read; `reason` says why.
    case unreadable(reason: String)
}

/// Watching the daemon's store.
public protocol WatchUseCase {
    /// Keeps a `watch` request open and calls `onEvent` for each `items.new` notification, on
    /// the calling task, as it arrives; other notifications are ignored. Returns when the
    /// daemon answers the request, which it does only when it stops.
    /// - Throws: `DaemonClientError` (unreachable, connection lost) or `DaemonRefusal`.
    func watch(_ onEvent: (WatchEvent) -> Void) async throws
}

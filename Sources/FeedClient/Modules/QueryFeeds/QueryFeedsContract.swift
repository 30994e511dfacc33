import FeedEntities

// `tidings view [list] [--json]`, `tidings view add NAME QUERY [--replace] [--json]` and
// `tidings view remove NAME [--json]`: saved views (newsboat's query feeds, whose name the
// module takes so that no file of it reads as a View), the config file's and the stored ones.

/// Writes views and what adding or removing one did.
public protocol QueryFeedsView: AnyObject {
    /// Shows every view: `name  unread/total  query` on a terminal (the config's marked),
    /// tab-separated lines when piped, one JSON document with `--json`.
    func showViews(_ rows: [ViewRow])
    /// Shows what a change did: one line on stdout (`Saved the view 'Rust' (rust is:unread)`),
    /// or `{"view","replaced"}` in JSON.
    func showChanged(_ message: String, view: ViewRow, replaced: ViewRow?)
    /// Shows why the request failed, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// Saved views, asked of the daemon.
public protocol QueryFeedsUseCase {
    /// Every view with its counts, the config file's first.
    /// - Throws: `DaemonRefusal` (`unsupported` from a daemon older than protocol 1.18) or `DaemonClientError`.
    func views() async throws -> [SavedView]
    /// Stores a view; with `replace`, in place of a stored one of the same name.
    /// - Returns: the view stored and the one it replaced.
    /// - Throws: `DaemonRefusal` (`invalidParams` for a name or query the daemon refuses, with
    ///   its reason; `other` for a name taken, or one of the config file's) or `DaemonClientError`.
    func add(name: String, query: String, replace: Bool) async throws -> (view: SavedView, replaced: SavedView?)
    /// Deletes a stored view.
    /// - Throws: `DaemonRefusal` (`notFound`, naming the views there are; `other` for a view of
    ///   the config file) or `DaemonClientError`.
    func remove(name: String) async throws -> SavedView
}

/// What the command asked for.
public enum QueryFeedsRequest: Equatable, Sendable {
    case list
    case add(name: String, query: String, replace: Bool)
    case remove(name: String)
}

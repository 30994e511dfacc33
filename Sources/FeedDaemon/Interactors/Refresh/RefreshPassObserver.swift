/// Hears how each refresh pass goes: for what follows a pass (retention, the search index,
/// a checkpoint, the service manager's status line) without the pass knowing of it.
public protocol RefreshPassObserver: Sendable {
    /// A pass got this far: `done` feeds of `total`, `errors` of them failed. Called once as the
    /// pass starts (`done` 0) and after each feed, on the pass's task: it must return quickly
    /// and never block.
    func passProgressed(done: Int, total: Int, errors: Int)

    /// A pass ended (also one that found no feed to refresh). Called once, after the pass's
    /// outcomes are stored, before its callers hear them; it must return quickly: work of its
    /// own runs in a task it starts. Not called for a pass that could not read the feed list.
    func passEnded(_ report: RefreshPassReport)
}

/// What a refresh pass did.
public struct RefreshPassReport: Sendable, Equatable {
    /// Feeds the pass refreshed or waited for.
    public var feeds: Int
    public var newItems: Int
    public var failed: Int
    /// Whether this pass itself stored new items (not only another pass it waited for).
    public var storedItems: Bool
    public var milliseconds: Int64

    public init(feeds: Int, newItems: Int, failed: Int, storedItems: Bool, milliseconds: Int64) {
        self.feeds = feeds
        self.newItems = newItems
        self.failed = failed
        self.storedItems = storedItems
        self.milliseconds = milliseconds
    }
}

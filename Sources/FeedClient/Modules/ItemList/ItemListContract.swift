import FeedEntities

// `tidings list [--all] [--starred] [--feed FEED] [--tag T] [--since WHEN] [--search TEXT]
// [--where QUERY] [--limit N] [--json]`: items, newest first.

/// Writes the item listing.
public protocol ItemListView: AnyObject {
    /// Shows the items in the given order; when `rows` is empty, shows `emptyNote` instead
    /// (an empty document in JSON).
    func showItems(_ rows: [ItemRow], emptyNote: String)
    /// Shows a remark about the listing (such as "more items exist") as one line on stderr.
    func showNote(_ note: String)
    /// Shows why the items could not be listed, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// Which items to list. The filters combine: an item must pass all of them.
public struct ItemListQuery: Equatable, Sendable {
    /// Read items too, not only unread ones.
    public var includeRead: Bool
    /// Only starred items, read or not (`includeRead` does not matter then).
    public var starredOnly: Bool
    /// A feed selector (number, URL, title or title prefix); all feeds when `nil`.
    public var feed: String?
    /// Only items of feeds with this tag.
    public var tag: String?
    /// Only items dated at or after this moment.
    public var since: SinceDate?
    /// Only items whose title, summary or content match this full-text query (still newest first).
    public var search: String?
    /// At most this many items; all when `nil` (or one screen on a terminal: the Router decides).
    public var limit: Int?
    /// Items a rule hid too (`--hidden`; protocol 1.4).
    public var includeHidden: Bool
    /// Only items this query selects (docs/views.md; protocol 1.17).
    public var filter: String?
    /// Only items the saved view of this name selects (docs/views.md; protocol 1.18).
    public var view: String?

    public init(
        includeRead: Bool = false, starredOnly: Bool = false, feed: String? = nil, tag: String? = nil,
        since: SinceDate? = nil, search: String? = nil, limit: Int? = nil, includeHidden: Bool = false,
        filter: String? = nil, view: String? = nil
    ) {
        self.filter = filter
        self.view = view
        self.includeRead = includeRead
        self.starredOnly = starredOnly
        self.feed = feed
        self.tag = tag
        self.since = since
        self.search = search
        self.limit = limit
        self.includeHidden = includeHidden
    }
}

/// Reading items.
public protocol ItemListUseCase {
    /// The items `query` selects, newest first (published, else updated, else first seen),
    /// without their summary and content. A relative `since` counts from the clock's now.
    /// - Throws: `DaemonRefusal` (`notFound`/`ambiguous` for the feed selector, `invalidParams`
    ///   for a query the daemon cannot read), `DaemonPredates` (a query for a daemon before
    ///   protocol 1.17, which would ignore it; nothing is listed) or `DaemonClientError`.
    func items(matching query: ItemListQuery) async throws -> [Item]

    /// The tag spelled like `selector` (case-insensitively) that some feed has, for a feed
    /// selector that named no feed; `nil` when there is none or the daemon does not say.
    func tag(like selector: String) async -> String?
}

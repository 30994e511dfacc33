import FeedEntities

// `tidings list [--all] [--feed FEED] [--limit N] [--json]`: items, newest first.

/// Writes the item listing.
public protocol ItemListView: AnyObject {
    /// Shows the items in the given order; when `rows` is empty, shows `emptyNote` instead
    /// (an empty document in JSON).
    func showItems(_ rows: [ItemRow], emptyNote: String)
    /// Shows why the items could not be listed, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// Reacts to what happens in the module.
public protocol ItemListPresentation: AnyObject {
    /// The command started; lists the items. Never throws: failures are shown.
    func viewDidLoad() async
}

/// Which items to list.
public struct ItemListQuery: Equatable, Sendable {
    /// Read items too, not only unread ones.
    public var includeRead: Bool
    /// A feed selector (number, URL, title or title prefix); all feeds when `nil`.
    public var feed: String?
    /// At most this many items; all when `nil`.
    public var limit: Int?

    public init(includeRead: Bool = false, feed: String? = nil, limit: Int? = nil) {
        self.includeRead = includeRead
        self.feed = feed
        self.limit = limit
    }
}

/// Reading items.
public protocol ItemListUseCase {
    /// The items `query` selects, newest first (published, else updated, else first seen),
    /// without their summary and content.
    /// - Throws: `RPCError` (`notFound`/`ambiguous` for the feed selector) or `DaemonClientError`.
    func items(matching query: ItemListQuery) async throws -> [Item]
}

/// Where the module goes next.
public protocol ItemListWireframe: AnyObject {
    /// Goes to `route`.
    func navigate(to route: ItemListRoute)
}

public enum ItemListRoute: Equatable {
    /// Back to the shell with this status.
    case exit(ExitStatus)
}

import FeedIPC

// `tidings search QUERY... [--unread] [--feed FEED] [--tag T] [--limit N] [--json]`:
// full-text search, best match first.

/// Writes the search results.
public protocol SearchView: AnyObject {
    /// Shows the hits in the given order; when `rows` is empty, shows `emptyNote` instead
    /// (an empty document in JSON).
    func showHits(_ rows: [SearchHitRow], emptyNote: String)
    /// Shows why the search could not run, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// Reacts to what happens in the module.
public protocol SearchPresentation: AnyObject {
    /// The command started; searches and shows the hits. Never throws: failures are shown.
    func viewDidLoad() async
}

/// What to search for, and among which items.
public struct SearchQuery: Equatable, Sendable {
    /// The words, as the daemon understands them (`"a phrase"`, `prefix*`, `OR`, `-word`).
    public var text: String
    /// Only unread items.
    public var unreadOnly: Bool
    /// A feed selector (number, URL, title or title prefix); all feeds when `nil`.
    public var feed: String?
    /// Only items of feeds with this tag.
    public var tag: String?
    /// At most this many hits; the daemon's default (50) when `nil`.
    public var limit: Int?

    public init(text: String, unreadOnly: Bool = false, feed: String? = nil, tag: String? = nil, limit: Int? = nil) {
        self.text = text
        self.unreadOnly = unreadOnly
        self.feed = feed
        self.tag = tag
        self.limit = limit
    }
}

/// Searching items.
public protocol SearchUseCase {
    /// The items matching `query`, best match first, each with its title and a snippet in
    /// which the matching words are marked (`SearchHit.matchStart`/`matchEnd`).
    /// - Throws: `RPCError` (`notFound`/`ambiguous` for the feed selector, `invalidParams` for
    ///   a query the daemon cannot read) or `DaemonClientError`.
    func hits(for query: SearchQuery) async throws -> [SearchHit]

    /// The tag spelled like `selector` (case-insensitively) that some feed has, for a feed
    /// selector that named no feed; `nil` when there is none or the daemon does not say.
    func tag(like selector: String) async -> String?
}

/// Where the module goes next.
public protocol SearchWireframe: AnyObject {
    /// Goes to `route`.
    func navigate(to route: SearchRoute)
}

public enum SearchRoute: Equatable {
    /// Back to the shell with this status.
    case exit(ExitStatus)
}

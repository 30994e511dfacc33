import FeedEntities

// `tidings search QUERY... [--unread] [--feed FEED] [--tag T] [--limit N] [--json]`:
// full-text search, best match first.

/// Writes the search results.
public protocol SearchView: AnyObject {
    /// Shows the hits in the given order; when `rows` is empty, shows `emptyNote` instead
    /// (an empty document in JSON). With `partial`, the daemon searched only the items
    /// indexed: its note goes to stderr, and the JSON document says so too.
    func showHits(_ rows: [SearchHitRow], emptyNote: String, partial: PartialSearch?)
    /// Shows why the search could not run, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// What to search for, and among which items.
public struct SearchRequest: Equatable, Sendable {
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
    /// The answer says when the search was partial (the daemon could not bring its index up to date).
    /// - Throws: `DaemonRefusal` (`notFound`/`ambiguous` for the feed selector, `other` for
    ///   a query the daemon cannot read) or `DaemonClientError`.
    func hits(for query: SearchRequest) async throws -> SearchResults

    /// The tag spelled like `selector` (case-insensitively) that some feed has, for a feed
    /// selector that named no feed; `nil` when there is none or the daemon does not say.
    func tag(like selector: String) async -> String?
}

/// The hits of a search, and whether it was partial.
public struct SearchResults: Equatable, Sendable {
    public var hits: [SearchHit]
    /// Set when the daemon searched only the items indexed so far.
    public var partial: PartialSearch?

    public init(hits: [SearchHit], partial: PartialSearch? = nil) {
        self.hits = hits
        self.partial = partial
    }
}

/// A search over the items indexed only: the daemon could not write its index (a full disk).
public struct PartialSearch: Equatable, Sendable {
    /// Items waiting for the index, which the search could not find; `nil` when not told.
    public var unindexed: Int?
    /// Why the index could not be written, as the daemon put it.
    public var reason: String?

    public init(unindexed: Int?, reason: String?) {
        self.unindexed = unindexed
        self.reason = reason
    }

    /// `search is partial: 12 items are not indexed yet (database or disk is full)`.
    public var note: String {
        let waiting = unindexed.map { "\(Counted.phrase($0, "item")) \($0 == 1 ? "is" : "are") not indexed yet" }
            ?? "some items are not indexed yet"
        return "search is partial: \(waiting)" + (reason.map { " (\($0))" } ?? "")
    }
}

import FeedEntities

// The reader's first screen: "All unread" and "Starred" on top, the saved views under them,
// then every feed with its unread and total counts, tags and health, plainly or grouped by tag.

/// Draws the feeds screen.
@MainActor
public protocol ReaderFeedsView: AnyObject {
    /// Rows the list has room for at the screen's size now (for paging).
    var listRows: Int { get }
    /// Draws `model` on every row but the last (the status line's).
    func show(_ model: ReaderFeedsModel)
}

/// The feeds screen as the View draws it. Strings are unsanitised: the View cleans them.
public struct ReaderFeedsModel: Equatable, Sendable {
    /// `Feeds (12 unread)`.
    public var title: String
    /// `3/42`: the cursor's row of all rows.
    public var position: String
    public var entries: [ReaderFeedEntry]
    public var cursor: ListCursor

    public init(title: String, position: String, entries: [ReaderFeedEntry], cursor: ListCursor) {
        self.title = title
        self.position = position
        self.entries = entries
        self.cursor = cursor
    }
}

/// One row of the feeds screen.
public struct ReaderFeedEntry: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case allUnread
        case starred
        /// A tag's heading in the grouped view; opens the tag's items.
        case tag(String)
        /// A saved view, by its name.
        case view(String)
        /// A feed; `indented` under its tag's heading.
        case feed(number: Int64, indented: Bool)
    }

    public var kind: Kind
    public var title: String
    public var unread: Int
    /// Items in all; `nil` where it is not counted ("All unread").
    public var total: Int?
    public var tags: [String]
    public var health: FeedHealth
    /// Whether the feed's items come from the sync service rather than its site.
    public var synced: Bool
    /// What is wrong with a failing or gone feed, as `tidings feeds` says it under the feed
    /// (`error: HTTP 503 … (3 failures in a row); next try in 4 h`); `nil` when healthy.
    public var problem: String?

    public init(
        kind: Kind, title: String, unread: Int, total: Int?, tags: [String] = [], health: FeedHealth = .ok, synced: Bool = false,
        problem: String? = nil
    ) {
        self.problem = problem
        self.kind = kind
        self.title = title
        self.unread = unread
        self.total = total
        self.tags = tags
        self.health = health
        self.synced = synced
    }
}

/// The feeds and counts, through the daemon.
@MainActor
public protocol ReaderFeedsUseCase: AnyObject {
    /// Every feed with its counts, tags and health, in the daemon's order (by number); its
    /// other members may be absent (`feeds.list`'s brief answer).
    /// - Throws: `DaemonClientError` or `DaemonRefusal`.
    func feeds() async throws -> [Feed]

    /// How many items "All unread" and "Starred" list (copies of one article counted once).
    /// May be asked while `feeds()` runs.
    /// - Throws: `DaemonClientError` or `DaemonRefusal`.
    func counts() async throws -> (unread: Int, starred: Int)

    /// The saved views, the config file's first, with their counts when `counted` (which
    /// costs a count of each view's items); none from a daemon before protocol 1.18. May be
    /// asked while `feeds()` runs.
    /// - Throws: `DaemonClientError` or `DaemonRefusal`.
    func views(counted: Bool) async throws -> [SavedView]

    /// Marks every item the saved view `name` lists read.
    /// - Returns: how many items changed.
    /// - Throws: `DaemonClientError` or `DaemonRefusal` (`notFound` for a view removed meanwhile).
    func markRead(view name: String) async throws -> Int

    /// Marks every item of the feed numbered `feed` read; every item of every feed when `nil`.
    /// - Returns: how many items changed.
    /// - Throws: `DaemonClientError` or `DaemonRefusal`.
    func markRead(feed: Int64?) async throws -> Int
}

/// Where the feeds screen goes.
@MainActor
public protocol ReaderFeedsWireframe: AnyObject {
    /// Opens the items screen for `source`; `listings` answers its `n`/`p` past the ends
    /// and its `J`/`K`.
    func showItems(_ source: ItemSource, listings: any ReaderListingSequence) async
    /// Opens the search prompt, searching everything.
    func showSearch() async
    /// Starts refreshing `feeds` in the background (all when empty).
    func refresh(feeds: [Int64])
    /// Shows a message on the status line.
    func say(_ message: String, isError: Bool)
    /// Asks `question`; runs `action` when the user answers `y`.
    func confirm(_ question: String, then action: @escaping @MainActor () async -> Void)
    /// Runs `update` in the reader's event loop, then draws the screens again: the views'
    /// counts, which come after the rows.
    func deliver(_ update: @escaping @MainActor @Sendable () -> Void)
}

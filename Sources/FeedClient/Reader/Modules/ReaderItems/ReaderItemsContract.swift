import FeedEntities

// An items screen: the items of a feed, a tag, all unread, starred (newest first, or in the
// order `S` picks), or a search (best match first), paged through the daemon so that a listing
// of 100,000 items costs what a screenful does; `n`/`p` and `J`/`K` go on to the next feed.

/// Draws the items screen.
@MainActor
public protocol ReaderItemsView: AnyObject {
    /// Rows the list has room for at the screen's size now.
    var listRows: Int { get }
    /// Draws `model` on every row but the last (the status line's).
    func show(_ model: ReaderItemsModel)
}

/// The items screen as the View draws it: the rows on screen only.
public struct ReaderItemsModel: Equatable, Sendable {
    public var title: String
    /// `12/3,456`.
    public var position: String
    /// The rows from the window's top row, as many as are loaded of those on screen.
    public var rows: [ItemRow]
    /// The cursor's row among `rows`; `nil` when it is not among them.
    public var selectedRow: Int?
    /// Whether rows show their feed's title (listings of more than one feed).
    public var showsFeed: Bool
    /// Whether rows start with the item's number (what `tidings show N` takes).
    public var showsNumbers: Bool
    /// What an empty listing says.
    public var emptyText: String

    public init(
        title: String, position: String, rows: [ItemRow], selectedRow: Int?, showsFeed: Bool, showsNumbers: Bool = false,
        emptyText: String
    ) {
        self.showsNumbers = showsNumbers
        self.title = title
        self.position = position
        self.rows = rows
        self.selectedRow = selectedRow
        self.showsFeed = showsFeed
        self.emptyText = emptyText
    }
}

/// Where a page of a listing starts.
public enum ItemPageAnchor: Equatable, Sendable {
    /// The newest items.
    case top
    /// The items listed just below this item.
    case after(Int64)
    /// The items listed just above this item.
    case before(Int64)
    /// The oldest items.
    case end
}

/// A page of a listing: its items, in the listing's order, where the first of them is in the whole
/// listing (`offset`, 0-based), and how many items the listing has.
public struct ReaderItemsPage: Equatable, Sendable {
    public var items: [Item]
    public var offset: Int
    public var total: Int

    public init(items: [Item], offset: Int, total: Int) {
        self.items = items
        self.offset = offset
        self.total = total
    }
}

/// The listing and the items' state, through the daemon.
@MainActor
public protocol ReaderItemsUseCase: AnyObject {
    /// The order the listings come in (a search's results come best match first whatever it
    /// says); pages asked for after a change follow the new one.
    var order: ItemOrder { get set }

    /// At most `limit` items of `source`'s listing from `anchor`, with their position.
    /// - Parameter unreadOnly: only unread items, whatever the source lists (to find the
    ///   next unread one).
    /// - Throws: `DaemonClientError` or `DaemonRefusal` (`notFound` when the anchor item is gone).
    func page(of source: ItemSource, from anchor: ItemPageAnchor, limit: Int, unreadOnly: Bool) async throws -> ReaderItemsPage

    /// The same items without their position: the daemon counts the whole listing for a
    /// position (10 ms at 100,000 items), a page alone costs about 1 ms. For the page next to
    /// the ones loaded, whose place follows from theirs, and for the next unread item.
    /// - Throws: as `page`.
    func items(of source: ItemSource, from anchor: ItemPageAnchor, limit: Int, unreadOnly: Bool) async throws -> [Item]

    /// Marks items read or unread.
    /// - Throws: `DaemonClientError` or `DaemonRefusal`.
    func setRead(_ numbers: [Int64], read: Bool) async throws

    /// Stars or unstars an item.
    /// - Throws: `DaemonClientError` or `DaemonRefusal`.
    func setStarred(_ number: Int64, starred: Bool) async throws

    /// Marks every item of `source`'s listing read.
    /// - Returns: how many items changed.
    /// - Throws: `DaemonClientError` or `DaemonRefusal`.
    func markAllRead(of source: ItemSource) async throws -> Int

    /// What opening `item` in the browser opens: its link, or its first enclosure's URL.
    /// - Throws: `OpenTargetError` when there is none or it is not an http(s) link.
    func openTarget(of item: Item, enclosure: Bool) throws(OpenTargetError) -> String
}

/// What an items screen asks the feeds screen it was opened from: the listings beside its own,
/// in the feeds screen's order, for `n`/`p` past the listing's ends and for `J`/`K`.
@MainActor
public protocol ReaderListingSequence: AnyObject {
    /// The feeds (or tags, for a tag's listing) listed after (`forward`) or before `source` on
    /// the feeds screen, nearest first, each once and `source` not, without those that have no
    /// unread items when `unreadOnly` (by the counts the screen has, which may be behind);
    /// empty when `source` has no row there.
    func listings(beside source: ItemSource, forward: Bool, unreadOnly: Bool) -> [ItemSource]
    /// The items screen now lists `source`, reached going `forward` or back: the feeds
    /// screen's cursor goes to its row, so that going back there shows where one is.
    func didShow(_ source: ItemSource, forward: Bool)
}

/// Where the items screen goes.
@MainActor
public protocol ReaderItemsWireframe: AnyObject {
    /// Opens the article screen on `number`; `list` answers its next/previous-unread keys.
    func showArticle(_ number: Int64, list: any ReaderArticleList) async
    /// Opens the search prompt within `scope`.
    func showSearch(within scope: ItemSource.SearchScope) async
    /// Opens `link` in the browser and returns once it is open; a terminal browser has the
    /// terminal until it exits, a graphical one is waited for off the main actor.
    /// - Throws: `BrowserLaunchError` or `ClientSettingsError`.
    func openInBrowser(_ link: String) async throws
    /// Starts refreshing `feeds` in the background (every feed when empty).
    func refresh(feeds: [Int64])
    /// Shows a message on the status line.
    func say(_ message: String, isError: Bool)
    /// Asks `question`; runs `action` when the user answers `y`.
    func confirm(_ question: String, then action: @escaping @MainActor () async -> Void)
}

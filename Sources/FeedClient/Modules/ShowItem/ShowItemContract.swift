import FeedEntities

// `tidings show [N | --next] [--full | --feed-text] [--json] [--no-mark]`: one item's header and
// content, then mark it read; without N the newest unread item, with --next the next unread after
// the one shown last; the article kept from its page when there is one (--full: fetched now).

/// Writes the article.
public protocol ShowItemView: AnyObject {
    /// Shows the item: a header, the rendered text and the link references (through the pager
    /// when it is taller than the terminal), or one JSON document.
    func showItem(_ detail: ItemDetail)
    /// Shows why the item could not be shown or marked read, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// What to show.
public struct ShowItemRequest: Equatable, Sendable {
    /// The item's number; `nil` for the newest unread item, or the next one (`next`).
    public var number: Int64?
    /// Without a number: the first unread item listed after the one shown last (`--next`),
    /// rather than the newest.
    public var next: Bool
    /// Mark the item read once it was shown (`--no-mark` turns this off).
    public var marksRead: Bool
    /// Columns the daemon wraps the content at: the terminal's width.
    public var width: Int
    /// Which text to show: the page's article (`--full`, fetched now unless one is kept), the
    /// feed's (`--feed-text`), or `nil` for the daemon's choice (the article when one is kept).
    public var text: ItemText?
    /// How the terminal draws the article's pictures; `nil` for the `[image: alt]` lines only.
    public var graphics: TerminalGraphics?
    /// Rows a picture may take at most.
    public var pictureRows: Int

    public init(
        number: Int64?, next: Bool = false, marksRead: Bool = true, width: Int, text: ItemText? = nil,
        graphics: TerminalGraphics? = nil, pictureRows: Int = 20
    ) {
        self.number = number
        self.next = next
        self.marksRead = marksRead
        self.width = width
        self.text = text
        self.graphics = graphics
        self.pictureRows = pictureRows
    }
}

/// Reading the item and updating its state.
public protocol ShowItemUseCase {
    /// The item numbered `number` with its content rendered as text `width` columns wide
    /// (`rendered` is `nil` only from a daemon that cannot render); the daemon notes it as
    /// the item shown last.
    /// - Throws: `DaemonRefusal.notFound` for an unknown number, or `DaemonClientError`.
    func item(number: Int64, width: Int, text: ItemText?) async throws -> ItemToShow

    /// The item numbered `number` with its page's article, fetched and extracted now unless
    /// one is kept, rendered as `item(number:width:text:)` does; a page without an article
    /// gives the feed's text and the article's `status` and `error` saying why.
    /// - Throws: `DaemonRefusal.notFound`, `.other` for an item without a web link,
    ///   `.unsupported` from a daemon older than protocol 1.16, or `DaemonClientError`.
    func article(number: Int64, width: Int) async throws -> ItemToShow

    /// The newest unread item, or with `afterShown` the first unread item listed after the one
    /// shown last, rendered as `item(number:width:)` does; `found` is `nil` when there is none.
    /// - Throws: `DaemonRefusal` (`unsupported` from a daemon older than protocol 1.6) or
    ///   `DaemonClientError`.
    func nextItem(afterShown: Bool, width: Int, text: ItemText?) async throws -> NextUnreadItem

    /// Marks the item read.
    /// - Throws: `DaemonRefusal` or `DaemonClientError`.
    func markRead(number: Int64) async throws

    /// The picture at `url` of item `item`, drawn by the daemon for `graphics` within
    /// `columns` x `rows` cells; one the daemon could not draw is a `failed` picture.
    /// - Throws: `DaemonRefusal` (`unsupported` from a daemon before protocol 1.16) or
    ///   `DaemonClientError`.
    func picture(url: String, item: Int64, graphics: TerminalGraphics, columns: Int, rows: Int) async throws -> TerminalPicture
}

/// An item with its content as text for the terminal.
public struct ItemToShow: Equatable, Sendable {
    public var item: Item
    /// The content rendered at the width asked for; `nil` only from a daemon that cannot render.
    public var rendered: RenderedContent?
    /// The article kept from the item's page, when it was ever fetched.
    public var article: ItemArticle?
    /// Which text `rendered` is.
    public var text: ItemText

    public init(item: Item, rendered: RenderedContent? = nil, article: ItemArticle? = nil, text: ItemText = .feed) {
        self.item = item
        self.rendered = rendered
        self.article = article
        self.text = text
    }
}

/// The unread item to read next, if any is left.
public struct NextUnreadItem: Equatable, Sendable {
    /// `nil` when no unread item is left (after the one shown last, when asked for that).
    public var found: ItemToShow?
    /// The item shown last that the search went on after; `nil` when it started from the newest.
    public var after: Int64?

    public init(found: ItemToShow?, after: Int64? = nil) {
        self.found = found
        self.after = after
    }
}

import ChildProcess
import FeedEntities

// The article screen: an item's header and its text as the daemon renders it at the window's
// width (as `tidings show`), scrolled a line or a page at a time, with numbered links opened by
// their number, and text found in it (`/`) highlighted; `f` switches between the feed's text and
// the whole article of the item's page (fetched and extracted by the daemon when none is kept).
// On a terminal that draws pictures, the article's pictures come after its text, each below the
// line that names it (`[image: alt][2]`), placed at its rows and taken away when they scroll off;
// `v` opens the picture on screen in the image viewer.

/// Draws the article screen.
@MainActor
public protocol ReaderArticleView: AnyObject {
    /// Rows the text has room for at the screen's size now.
    var textRows: Int { get }
    /// Columns the text is wrapped at.
    var textColumns: Int { get }
    /// Draws `model` on every row but the last (the status line's).
    func show(_ model: ReaderArticleModel)
}

/// The article as the View draws it: the lines on screen, as `ArticleLayout` laid them out
/// (`tidings show`'s layout, links broken at the width).
public struct ReaderArticleModel: Equatable, Sendable {
    public var title: String
    /// `40%` of the article above the window's bottom, or `all`.
    public var position: String
    /// The lines from the window's top.
    public var lines: [ArticleLayout.Line]
    /// Columns before a header value, and before a link.
    public var labelWidth: Int
    public var referenceWidth: Int
    /// What `/` found, to set apart wherever it is on screen (in any case); `nil` when nothing
    /// is being found.
    public var highlight: String?
    /// The pictures on screen, their `row` counted from the first of `lines`.
    public var pictures: [ScreenPicture]

    public init(
        title: String, position: String, lines: [ArticleLayout.Line], labelWidth: Int = 11, referenceWidth: Int = 4,
        highlight: String? = nil, pictures: [ScreenPicture] = []
    ) {
        self.title = title
        self.position = position
        self.lines = lines
        self.labelWidth = labelWidth
        self.referenceWidth = referenceWidth
        self.highlight = highlight
        self.pictures = pictures
    }
}

/// An item with its text rendered for the screen.
public struct ReaderArticleContent: Equatable, Sendable {
    public var item: Item
    /// The content as wrapped text; links appear as `text[1]`.
    public var text: String
    /// The link references: `links[0]` is `[1]`.
    public var links: [String]
    /// The article kept from the item's page, when it was ever fetched.
    public var article: ItemArticle?
    /// Which text `text` is.
    public var shown: ItemText
    /// The numbers of the links that are the text's pictures (`[image: alt][2]` is 2).
    public var images: [Int]

    public init(
        item: Item, text: String, links: [String], article: ItemArticle? = nil, shown: ItemText = .feed, images: [Int] = []
    ) {
        self.item = item
        self.text = text
        self.links = links
        self.article = article
        self.shown = shown
        self.images = images
    }
}

/// The item and its state, through the daemon.
@MainActor
public protocol ReaderArticleUseCase: AnyObject {
    /// The item numbered `number`, its content rendered `width` columns wide; the daemon notes
    /// it as the item shown last (`tidings show --next` goes on from it).
    /// `text` picks the feed's text or the page's kept article; `nil` leaves it to the daemon
    /// (the article when one is kept).
    /// - Throws: `DaemonRefusal` (`notFound`) or `DaemonClientError`.
    func article(_ number: Int64, width: Int, text: ItemText?) async throws -> ReaderArticleContent
    /// The item with its page's article, fetched and extracted by the daemon now unless one is
    /// kept; a page without one gives the feed's text, and `article` says why.
    /// - Throws: `DaemonRefusal` (`other` for an item without a web link, `unsupported` from a
    ///   daemon before protocol 1.16) or `DaemonClientError`.
    func fullArticle(_ number: Int64, width: Int) async throws -> ReaderArticleContent
    /// The picture at `url` of item `item` as the daemon draws it for `graphics`, in at most
    /// `columns` x `rows` cells; one it cannot draw is a failed picture, not an error.
    /// - Throws: `DaemonRefusal` (`unsupported` from a daemon that draws none) or
    ///   `DaemonClientError`.
    func picture(url: String, item: Int64, graphics: TerminalGraphics, columns: Int, rows: Int) async throws -> TerminalPicture
    /// The image at `url` of item `item` as a file for an image viewer.
    /// - Returns: its path.
    /// - Throws: `ImageFileError` with the daemon's reason, `DaemonRefusal` or `DaemonClientError`.
    func imageFile(url: String, item: Int64) async throws -> String
    /// - Throws: `DaemonRefusal` or `DaemonClientError`.
    func setRead(_ number: Int64, read: Bool) async throws
    /// - Throws: `DaemonRefusal` or `DaemonClientError`.
    func setStarred(_ number: Int64, starred: Bool) async throws
    /// What opening the item opens: its link, or its first enclosure's URL.
    /// - Throws: `OpenTargetError` when there is none or it may not be opened.
    func openTarget(of item: Item, enclosure: Bool) throws(OpenTargetError) -> String
    /// `link` without surrounding white space, when a browser may be given it.
    /// - Throws: `OpenTargetError.refused` when it is not an http(s) link.
    func openable(_ link: String) throws(OpenTargetError) -> String
    /// Writes `text` to the file at `path` (`~/` for the home directory), a new file unless
    /// `replacing`, never through a symbolic link.
    /// - Returns: the path written, with `~` expanded.
    /// - Throws: `ArticleSaveError`: `.exists` when the file is there and not `replacing`.
    func save(_ text: String, to path: String, replacing: Bool) throws(ArticleSaveError) -> String
}

/// Where the article screen goes.
@MainActor
public protocol ReaderArticleWireframe: AnyObject {
    /// Closes the article: the listing it was opened from shows again.
    func close() async
    /// Opens the list of the article's links and enclosures.
    func showLinks(_ links: [ReaderLink]) async
    /// Opens `link` in the browser and returns once it is open; a terminal browser has the
    /// terminal until it exits, a graphical one is waited for off the main actor.
    /// - Throws: `BrowserLaunchError` or `ClientSettingsError`.
    func openInBrowser(_ link: String) async throws
    /// Asks `question` on the bottom line; Enter runs `answer` with the line typed.
    func ask(_ question: String, initial: String, then answer: @escaping @MainActor (String) async -> Void) async
    /// Asks `question`; runs `action` when the user answers `y`.
    func confirm(_ question: String, then action: @escaping @MainActor () async -> Void)
    /// Gives the terminal to `command` with `text` on its standard input (a pager, a script),
    /// and takes it back once the user has read what it printed.
    /// - Throws: `CommandLaunchError` when it could not be started.
    func pipe(_ text: String, to command: [String]) async throws(CommandLaunchError) -> WaitStatus
    /// Runs the bookmark command `command` aside, its output captured, and waits for it.
    /// - Throws: `CommandLaunchError` when it could not be started.
    func runAside(_ command: [String]) async throws(CommandLaunchError) -> (status: WaitStatus, output: String)
    /// Opens the image file at `path` in the image viewer (`reader: image_viewer`); a viewer
    /// in the terminal has it until it exits, a graphical one is not waited for.
    /// - Throws: `CommandLaunchError` when it could not be started.
    func openImage(_ path: String) async throws(CommandLaunchError)
    /// Runs `update` in the reader's event loop, after the event being handled, and draws the
    /// screens again: how an answer that comes on its own time (a picture) reaches the screen.
    func deliver(_ update: @escaping @MainActor @Sendable () -> Void)
    /// Starts refreshing the feeds numbered `feeds` in the background.
    func refresh(feeds: [Int64])
    /// Shows a message on the status line.
    func say(_ message: String, isError: Bool)
}

/// What an article screen asks the listing it was opened from.
@MainActor
public protocol ReaderArticleList: AnyObject {
    /// newsboat's `next-unread`: the unread item listed after (`forward`) or before the item
    /// numbered `number`, else the first (last) unread one of the listing, else the first
    /// (last) unread item of the next (previous) feed with unread items, which the listing
    /// then shows; `nil` when there is none anywhere. The listing's cursor follows.
    func unreadNeighbour(of number: Int64, forward: Bool) async -> Int64?
    /// The listing shows the next (previous) feed of the feeds screen, the next with unread
    /// items when `unreadOnly`; returns whether there was one (when not, it said so).
    func moveToListing(forward: Bool, unreadOnly: Bool) async -> Bool
    /// The article screen now shows `item`, in the state it now has (read, starred): the
    /// listing's cursor follows it, and the row shows that state when the listing comes back.
    func articleDidShow(_ item: Item)
}

import FeedEntities

/// How the reader behaves and looks: the config file's `keys:`, `reader:`, `macros:` and `colors:` (docs/cli.md,
/// "The reader's settings"), newsboat's defaults where it says nothing.
public struct ReaderSettings: Equatable, Sendable {
    public var bindings: KeyBindings
    /// Whether the feeds screen lists feeds with nothing unread (newsboat's
    /// `show-read-feeds`); `l` there toggles it.
    public var showsReadFeeds: Bool
    /// Whether item lists show read items (newsboat's `show-read-articles`); `l` there
    /// toggles it.
    public var showsReadArticles: Bool
    /// Whether item lists show each item's number (what `tidings show N` takes).
    public var showsItemNumbers: Bool
    /// Whether `n`/`p` go on to the next feed with unread items past a feed's last (newsboat's
    /// `goto-next-feed`).
    public var goesToNextFeed: Bool
    /// Where `s` offers to save an article (`~` for the home directory).
    public var saveDirectory: String
    /// The command `|` offers to pipe an article to (`%u` its link, `%t` its title); empty
    /// when the config names none.
    public var pipeCommand: [String]
    /// newsboat's `bookmark-cmd`: run with the link, title, description and feed title;
    /// `nil` when the config names none.
    public var bookmarkCommand: [String]?
    /// What a key after `,` does (`macros:`): actions in order.
    public var macros: [KeyPress: [ReaderAction]]
    /// The order item lists start in (newsboat's `article-sort-order`); `S` changes it.
    public var order: ItemOrder
    /// How each element of the screen looks (`colors:`).
    public var palette: ScreenPalette
    /// The layout of the feeds screen's and the items screens' rows (`feed_format`,
    /// `item_format`); `nil` for the reader's own, which fits its columns to the width.
    public var feedFormat: ListRowFormat?
    public var itemFormat: ListRowFormat?
    /// How item lists show dates (`date_format`, strftime's conversions); `nil` for the
    /// reader's own: the time today, the weekday this week, month and day this year, else the year.
    public var dateFormat: DateFormat?
    /// Whether articles' pictures are drawn (`images`): `auto` asks the terminal which
    /// protocol it speaks (kitty's, sixels), `kitty` and `sixel` force one, `off` keeps the
    /// `[image: alt]` lines only.
    public var images: ImagesSetting = .auto
    /// What `v` opens an article's picture with (`image_viewer`), the image file's path
    /// appended; `xdg-open` unless the config names one.
    public var imageViewer: [String] = ["xdg-open"]

    public init(
        bindings: KeyBindings = .defaults, showsReadFeeds: Bool = true, showsReadArticles: Bool = true,
        showsItemNumbers: Bool = false, goesToNextFeed: Bool = true, saveDirectory: String = "~", pipeCommand: [String] = [],
        bookmarkCommand: [String]? = nil, macros: [KeyPress: [ReaderAction]] = [:], order: ItemOrder = .date,
        palette: ScreenPalette = .standard, feedFormat: ListRowFormat? = nil, itemFormat: ListRowFormat? = nil,
        dateFormat: DateFormat? = nil
    ) {
        self.feedFormat = feedFormat
        self.itemFormat = itemFormat
        self.dateFormat = dateFormat
        self.palette = palette
        self.order = order
        self.saveDirectory = saveDirectory
        self.pipeCommand = pipeCommand
        self.bookmarkCommand = bookmarkCommand
        self.macros = macros
        self.bindings = bindings
        self.showsReadFeeds = showsReadFeeds
        self.showsReadArticles = showsReadArticles
        self.showsItemNumbers = showsItemNumbers
        self.goesToNextFeed = goesToNextFeed
    }

    public static let defaults = ReaderSettings()
}

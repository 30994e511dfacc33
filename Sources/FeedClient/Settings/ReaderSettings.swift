/// How the reader behaves: the config file's `keys:` and `reader:` (docs/cli.md, "The reader's
/// settings"), newsboat's defaults where it says nothing.
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

    public init(
        bindings: KeyBindings = .defaults, showsReadFeeds: Bool = true, showsReadArticles: Bool = true,
        showsItemNumbers: Bool = false, goesToNextFeed: Bool = true
    ) {
        self.bindings = bindings
        self.showsReadFeeds = showsReadFeeds
        self.showsReadArticles = showsReadArticles
        self.showsItemNumbers = showsItemNumbers
        self.goesToNextFeed = goesToNextFeed
    }

    public static let defaults = ReaderSettings()
}

/// What a run of cells is, for the `colors:` the user gives it: the reader's Views name
/// elements, the terminal draws each as the palette says. Raw values are the names the config
/// takes (newsboat's where it has the element).
public enum ScreenElement: String, CaseIterable, Hashable, Sendable {
    // Whole rows and bars: what parts are drawn over.
    /// The screen beneath everything (newsboat's `background`).
    case background
    /// A list row (newsboat's `listnormal`, `listfocus`, and their `_unread` forms for a feed
    /// or an item with unread items).
    case listNormal = "listnormal"
    case listFocus = "listfocus"
    case listNormalUnread = "listnormal_unread"
    case listFocusUnread = "listfocus_unread"
    /// The title bar (newsboat's `info`).
    case info
    /// The article's text (newsboat's `article`).
    case article
    /// A message on the status line, an error there, a refresh's progress, the key hints.
    case message
    case error
    case progress
    case hint
    /// A question asked on the status line, and the text typed after it.
    case prompt

    // Parts of a row or a line, drawn over the element beneath.
    /// Item lists: the item number, the date, a starred item, `+` for an item also in other
    /// feeds, the feed's title in lists of several feeds, a title made from the text.
    case itemNumber = "item-number"
    case date
    case starred
    case alsoIn = "also-in"
    case feedTitle = "feed-title"
    case excerpt
    /// Feed list: a failing feed's `!`, a gone feed's `x`, a synced feed's `s`, the
    /// all-unread and starred views, a tag's row, a feed's tags.
    case failing
    case gone
    case synced
    case view
    case tag
    case tags
    /// What an empty screen says ("No feeds yet…").
    case placeholder
    /// The article: the header's labels, the title, headings, quotes, code, a link's URL and
    /// its `[n]`, and what `/` found.
    case header
    case articleTitle = "article-title"
    case heading
    case quote
    case code
    case link
    case linkNumber = "link-number"
    case searchMatch = "search-match"
    /// The help screen: a key, and what it does.
    case helpKey = "help-key"
    case helpAction = "help-action"

    /// Whether the element is a part, drawn over another (as opposed to a row or a bar).
    public var isPart: Bool {
        switch self {
        case .background, .listNormal, .listFocus, .listNormalUnread, .listFocusUnread, .info, .article, .message, .error, .progress,
             .hint, .prompt:
            false
        default:
            true
        }
    }
}

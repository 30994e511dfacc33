/// What a key does in the reader. The raw values are the names the config file's `keys:`
/// section binds (`open-in-browser: O`); they are newsboat's operation names where newsboat has
/// the operation, so a newsboat user's muscle memory and vocabulary carry over.
public enum ReaderAction: String, CaseIterable, Hashable, Sendable {
    case up
    case down
    case pageUp = "pageup"
    case pageDown = "pagedown"
    case home
    case end
    /// Enter: open the feed, item or link under the cursor.
    case open
    /// Back to the previous screen; on the feeds screen, leave the reader.
    case quit
    /// Leave the reader from any screen.
    case hardQuit = "hard-quit"
    case openInBrowser = "open-in-browser"
    case nextUnread = "next-unread"
    case previousUnread = "prev-unread"
    /// The next feed of the feeds screen, from an items screen or an article.
    case nextFeed = "next-feed"
    case previousFeed = "prev-feed"
    /// The next feed with unread items.
    case nextUnreadFeed = "next-unread-feed"
    case previousUnreadFeed = "prev-unread-feed"
    case toggleRead = "toggle-article-read"
    case toggleStar = "toggle-star"
    case markFeedRead = "mark-feed-read"
    case markAllRead = "mark-all-feeds-read"
    case reload
    case reloadAll = "reload-all"
    /// Search items; in an article, find text in it.
    case search = "open-search"
    /// Open the article's link number N, asked for (digits open 1–10 at once).
    case gotoURL = "goto-url"
    case help
    /// The article's numbered links (newsboat's `show-urls`).
    case showLinks = "show-urls"
    /// Open the item's first enclosure (a podcast episode) in the browser.
    case openEnclosure = "open-enclosure"
    /// Show every feed, or only those with unread items.
    case toggleShowRead = "toggle-show-read-feeds"
    /// Group the feeds screen by tag.
    case toggleTags = "toggle-tags"
    /// Draw the whole screen again (Ctrl-L).
    case redraw
    /// Save the article to a file.
    case save
    /// Pipe the article to a command.
    case pipeTo = "pipe-to"
    /// Hand the article to the bookmark command.
    case bookmark
    /// The next key runs the macro bound to it (`macros:`).
    case macroPrefix = "macro-prefix"
    /// The item list in the next order: newest first, by title, by feed, unread first.
    case sort
    /// In an article: the page's article, or the feed's text again.
    case toggleFullText = "toggle-full-text"
    /// Opens the article's picture on screen in the image viewer.
    case viewImage = "view-image"
}

extension ReaderAction {
    /// A word or two for the status line's key hints and the help screen's first column.
    public var hint: String {
        switch self {
        case .up: "Up"
        case .down: "Down"
        case .pageUp: "Page up"
        case .pageDown: "Page down"
        case .home: "First"
        case .end: "Last"
        case .open: "Open"
        case .quit: "Quit"
        case .hardQuit: "Quit all"
        case .openInBrowser: "Browser"
        case .nextUnread: "Next unread"
        case .previousUnread: "Prev unread"
        case .nextFeed: "Next feed"
        case .previousFeed: "Prev feed"
        case .nextUnreadFeed: "Next unread feed"
        case .previousUnreadFeed: "Prev unread feed"
        case .toggleRead: "Read/unread"
        case .toggleStar: "Star"
        case .markFeedRead: "Mark read"
        case .markAllRead: "All read"
        case .reload: "Reload"
        case .reloadAll: "Reload all"
        case .search: "Search"
        case .gotoURL: "Link #"
        case .help: "Help"
        case .showLinks: "Links"
        case .openEnclosure: "Enclosure"
        case .toggleShowRead: "Hide read"
        case .toggleTags: "Tags"
        case .redraw: "Redraw"
        case .save: "Save"
        case .pipeTo: "Pipe"
        case .bookmark: "Bookmark"
        case .macroPrefix: "Macro"
        case .sort: "Sort"
        case .toggleFullText: "Full text"
        case .viewImage: "Picture"
        }
    }

    /// What the action does, for the help screen.
    public var summary: String {
        switch self {
        case .up: "move up a row (in an article: scroll up a line)"
        case .down: "move down a row (in an article: scroll down a line)"
        case .pageUp: "page up"
        case .pageDown: "page down"
        case .home: "go to the first row, or the article's top"
        case .end: "go to the last row, or the article's end"
        case .open: "open the feed, item or link under the cursor"
        case .quit: "go back to the previous screen; on the feeds, leave the reader"
        case .hardQuit: "leave the reader from any screen"
        case .openInBrowser: "open the item's link in the browser and mark it read"
        case .nextUnread: "go to the next unread item, in the next feed with unread items after the last"
        case .previousUnread: "go to the previous unread item, in the previous feed with unread items before the first"
        case .nextFeed: "show the next feed's items (from an item list or an article)"
        case .previousFeed: "show the previous feed's items"
        case .nextUnreadFeed: "show the items of the next feed with unread items"
        case .previousUnreadFeed: "show the items of the previous feed with unread items"
        case .toggleRead: "mark the item read, or unread again"
        case .toggleStar: "star the item, or unstar it"
        case .markFeedRead: "mark every item of this feed, saved view (or listing) read"
        case .markAllRead: "mark every item of every feed read"
        case .reload: "refresh this feed now (on the feeds screen: the one under the cursor)"
        case .reloadAll: "refresh every feed now, in the background"
        case .search: "search titles and texts (within the feed or tag on screen); in an article, find text in it (n/N: next/previous match, ESC: done)"
        case .gotoURL: "open the article's link [N], asked for; the digits 1–9 and 0 (10) open it at once"
        case .help: "show this list of keys"
        case .showLinks: "list the article's links and enclosures to open one"
        case .openEnclosure: "open the item's first enclosure (a podcast episode) in the browser"
        case .toggleShowRead: "show only feeds with unread items, or all feeds again"
        case .toggleTags: "group the feeds by tag, or list them plainly again"
        case .redraw: "draw the whole screen again"
        case .save: "save the article to a file, asking where (reader: save_directory)"
        case .pipeTo: "pipe the article to a command, asking which (reader: pipe_to; %u is the link, %t the title)"
        case .bookmark: "hand the article to the bookmark command (reader: bookmark_cmd), asking for a description"
        case .macroPrefix: "then a key: run the actions the config's macros: bind to it"
        case .sort: "list the items in the next order: newest first, by title, by feed, unread first (reader: sort)"
        case .toggleFullText: "in an article: show the whole article from its page (fetched now unless kept), or the feed's text again"
        case .viewImage: "in an article: open the picture on screen in the image viewer (reader: image_viewer), asking which when several are"
        }
    }
}

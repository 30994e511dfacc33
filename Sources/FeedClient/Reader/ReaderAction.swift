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
    case toggleRead = "toggle-article-read"
    case toggleStar = "toggle-star"
    case markFeedRead = "mark-feed-read"
    case markAllRead = "mark-all-feeds-read"
    case reload
    case reloadAll = "reload-all"
    case search = "open-search"
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
}

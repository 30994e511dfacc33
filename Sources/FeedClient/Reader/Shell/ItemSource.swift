/// Which items an items screen lists: the filters of `tidings list`.
public enum ItemSource: Hashable, Sendable {
    /// Every unread item, of every feed.
    case allUnread
    /// Every starred item.
    case starred
    /// The items of one feed, read ones too.
    case feed(number: Int64, title: String)
    /// The items of the feeds with a tag (and of items a rule tagged), read ones too.
    case tag(String)
    /// The items a saved view selects (`tidings view`), read ones too unless its query says
    /// `is:unread`.
    case view(String)
    /// The items the search index matches, best match first, within a feed or a tag when the
    /// search was started from one.
    case search(query: String, within: SearchScope)

    /// Where a search looks.
    public enum SearchScope: Hashable, Sendable {
        case everything
        case feed(number: Int64, title: String)
        case tag(String)
    }

    /// The title bar's name for the listing.
    public var title: String {
        switch self {
        case .allUnread: "All unread"
        case .starred: "Starred"
        case .feed(_, let title): title
        case .tag(let tag): "Tag: \(tag)"
        case .view(let name): "View: \(name)"
        case .search(let query, .everything): "Search: \(query)"
        case .search(let query, .feed(_, let title)): "Search in \(title): \(query)"
        case .search(let query, .tag(let tag)): "Search in tag \(tag): \(query)"
        }
    }

    /// Where a search started from this listing looks.
    public var searchScope: SearchScope {
        switch self {
        case .feed(let number, let title): .feed(number: number, title: title)
        case .tag(let tag): .tag(tag)
        case .search(_, let scope): scope
        case .allUnread, .starred, .view: .everything
        }
    }
}

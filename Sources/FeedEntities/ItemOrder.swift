/// The order of a listing: newest first (the default), by title, by feed (in subscription
/// order, each feed's newest first), or unread first (each part newest first). Its raw value
/// is its name in `items.list` and in the config (`sort:` under `reader:`).
public enum ItemOrder: String, CaseIterable, Sendable, Hashable {
    case date
    case title
    case feed
    case unreadFirst = "unread"

    /// How the reader's status line names it.
    public var phrase: String {
        switch self {
        case .date: "newest first"
        case .title: "by title"
        case .feed: "by feed"
        case .unreadFirst: "unread first"
        }
    }
}

/// A Google Reader stream id: `user/-/state/com.google/reading-list`, `…/read`, `…/starred`,
/// `feed/12` (or `feed/<url>`), `user/-/label/Tech`. `user/1/…` is read as `user/-/…`.
enum GoogleReaderStream: Equatable {
    case readingList, read, starred, keptUnread, broadcast, like
    case feed(String)
    case label(String)

    static let statePrefix = "user/-/state/com.google/"
    static let labelPrefix = "user/-/label/"

    /// nil for an id of no known shape.
    init?(_ id: String) {
        var normalized = id
        if id.hasPrefix("user/"), let slash = id.dropFirst(5).firstIndex(of: "/") {
            normalized = "user/-" + id[slash...]
        }
        if normalized.hasPrefix("feed/") {
            self = .feed(String(normalized.dropFirst(5)))
        } else if normalized.hasPrefix(Self.labelPrefix) {
            self = .label(String(normalized.dropFirst(Self.labelPrefix.count)))
        } else if normalized.hasPrefix(Self.statePrefix) {
            switch normalized.dropFirst(Self.statePrefix.count) {
            case "reading-list": self = .readingList
            case "read": self = .read
            case "starred": self = .starred
            case "kept-unread": self = .keptUnread
            case "broadcast": self = .broadcast
            case "like": self = .like
            default: return nil
            }
        } else {
            return nil
        }
    }

    /// The id as this fake writes it (`user/-/…`, as FreshRSS does).
    var id: String {
        switch self {
        case .readingList: Self.statePrefix + "reading-list"
        case .read: Self.statePrefix + "read"
        case .starred: Self.statePrefix + "starred"
        case .keptUnread: Self.statePrefix + "kept-unread"
        case .broadcast: Self.statePrefix + "broadcast"
        case .like: Self.statePrefix + "like"
        case .feed(let feed): "feed/" + feed
        case .label(let label): Self.labelPrefix + label
        }
    }

    /// The long item id Google Reader clients see: `tag:google.com,2005:reader/item/<16 hex>`.
    static func longItemID(_ id: Int) -> String {
        let hex = String(UInt64(bitPattern: Int64(id)), radix: 16)
        return "tag:google.com,2005:reader/item/" + String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }

    /// An item id in long form or short (decimal) form; nil if neither.
    static func itemID(_ text: String) -> Int? {
        let prefix = "tag:google.com,2005:reader/item/"
        if text.hasPrefix(prefix) {
            return UInt64(text.dropFirst(prefix.count), radix: 16).map { Int(Int64(bitPattern: $0)) }
        }
        return Int(text)
    }
}

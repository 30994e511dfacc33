/// What a rule does to a new item it matches.
public enum RuleAction: Sendable, Hashable, CustomStringConvertible {
    case markRead
    case star
    /// Adds a tag to the item itself (not to its feed).
    case addTag(String)
    /// Keeps the item in the store but out of default listings, searches and `watch`.
    case hide

    /// The config spelling: `read`, `star`, `tag:NAME`, `hide`.
    public var description: String {
        switch self {
        case .markRead: "read"
        case .star: "star"
        case .addTag(let tag): "tag:\(tag)"
        case .hide: "hide"
        }
    }
}

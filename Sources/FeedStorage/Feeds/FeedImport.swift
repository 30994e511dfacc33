import FeedEntities

/// A feed of an imported subscription list.
public struct FeedImport: Sendable, Hashable {
    /// What the title a list gives a feed is.
    public enum TitleRole: Sendable, Hashable {
        /// The user's own title, which refreshes never replace (as `renameFeed` gives it): a
        /// newsboat `"~Title"`, a title a Tidings export marks as the user's own.
        case custom
        /// A title another reader exported, which is either the feed's own or one the user gave
        /// it there: it becomes the user's own only if the feed's first document with a title
        /// names the feed otherwise (compared ignoring case and runs of white space).
        case unconfirmed
        /// The feed's own title as the list knew it: shown until the feed's first document
        /// names the feed (a title a Tidings export does not mark).
        case provisional
    }

    public var url: String
    /// The title the list gives, if any.
    public var title: String?
    public var titleRole: TitleRole
    public var tags: [String]
    /// Settings the feed is subscribed with (the credentials its listed URL carried); a feed of
    /// the list already subscribed to keeps its own.
    public var settings: FeedSettings

    public init(
        url: String, title: String? = nil, titleRole: TitleRole = .custom, tags: [String] = [], settings: FeedSettings = FeedSettings()
    ) {
        self.url = url
        self.title = title
        self.titleRole = titleRole
        self.tags = tags
        self.settings = settings
    }
}

/// One item as list, search and watch show it. Strings are unsanitised: the View cleans them.
public struct ItemRow: Equatable, Sendable {
    /// The number `tidings open` takes.
    public var number: Int64
    public var isRead: Bool
    public var isStarred: Bool
    /// The title, empty when the feed gave none (JSON).
    public var title: String
    /// The title for people: "(no title)" when the feed gave none.
    public var displayTitle: String
    public var link: String?
    public var feedTitle: String
    public var feedNumber: Int64
    public var author: String?
    /// The item's date in local time, `2026-11-22 11:00`.
    public var localDate: String
    /// The item's date in ISO 8601 UTC (published, else updated, else first seen).
    public var date: String
    /// The published date in ISO 8601 UTC, `nil` when the feed gave none.
    public var published: String?
    /// The other feeds that carry the same article (listed once for all of them).
    public var alsoIn: [String] = []
    /// The tags rules gave the item itself.
    public var tags: [String] = []

    /// The feed, and the other feeds of the same article: `Blog, Planet`.
    public var feedsText: String { ([feedTitle] + alsoIn).joined(separator: ", ") }

    public init(
        number: Int64, isRead: Bool, isStarred: Bool = false, title: String, displayTitle: String, link: String?,
        feedTitle: String, feedNumber: Int64, author: String?, localDate: String, date: String,
        published: String?
    ) {
        self.number = number
        self.isRead = isRead
        self.isStarred = isStarred
        self.title = title
        self.displayTitle = displayTitle
        self.link = link
        self.feedTitle = feedTitle
        self.feedNumber = feedNumber
        self.author = author
        self.localDate = localDate
        self.date = date
        self.published = published
    }
}

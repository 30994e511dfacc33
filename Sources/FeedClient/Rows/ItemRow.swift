/// One item as list, search and watch show it. Strings are unsanitised: the View cleans them.
public struct ItemRow: Equatable, Sendable {
    /// The number `tidings open` takes.
    public var number: Int64
    public var isRead: Bool
    public var isStarred: Bool
    /// The title, empty when the feed gave none (JSON).
    public var title: String
    /// The title for people: when the feed gave none, the first words of the item's text
    /// (`titleIsExcerpt`), else "(no title)".
    public var displayTitle: String
    /// Whether `displayTitle` is the first words of the text of an untitled item, which Views
    /// set apart from real titles.
    public var titleIsExcerpt = false
    /// The first words of the text of an untitled item as the daemon derived them (`--json`'s
    /// `excerpt`); `nil` for an item with a title.
    public var excerpt: String?
    public var link: String?
    public var feedTitle: String
    public var feedNumber: Int64
    public var author: String?
    /// The item's date in local time, `2026-11-22 11:00`.
    public var localDate: String
    /// The same date in at most 5 columns for narrow tables: `19:30` today, `11-21` within half
    /// a year, else `2025` (`DateText.compact`).
    public var shortDate: String
    /// The date in the reader's `date_format`, when the config gives one.
    public var formattedDate: String?
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
        feedTitle: String, feedNumber: Int64, author: String?, localDate: String, shortDate: String, date: String,
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
        self.shortDate = shortDate
        self.date = date
        self.published = published
    }
}

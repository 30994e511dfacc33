import FeedEntities

/// One item as `tidings show` presents it. Strings are unsanitised: the View cleans them.
public struct ItemDetail: Equatable, Sendable {
    /// A media file of the item, with its size for people.
    public struct Attachment: Equatable, Sendable {
        public var url: String
        public var type: String?
        /// Bytes as the feed declared them; `nil` when unknown.
        public var length: Int64?
        /// `12.3 MB`; `nil` when the length is unknown.
        public var size: String?
        /// Playing time in seconds as the feed declared it (`itunes:duration`,
        /// `media:content@duration`, JSON Feed `duration_in_seconds`); `nil` when unknown.
        public var duration: Int64?
        /// `1:02:03`, `45:12`; `nil` when the duration is unknown.
        public var playingTime: String?

        public init(url: String, type: String?, length: Int64?, size: String?, duration: Int64? = nil, playingTime: String? = nil) {
            self.url = url
            self.type = type
            self.length = length
            self.size = size
            self.duration = duration
            self.playingTime = playingTime
        }
    }

    public var number: Int64
    /// The title, empty when the feed gave none (JSON).
    public var title: String
    /// The title for people: when the feed gave none, the first words of the item's text
    /// (`titleIsExcerpt`), else "(no title)".
    public var displayTitle: String
    /// Whether `displayTitle` is the first words of the text of an untitled item.
    public var titleIsExcerpt = false
    /// The first words of the text of an untitled item as the daemon derived them (`--json`'s
    /// `excerpt`); `nil` for an item with a title.
    public var excerpt: String?
    public var link: String?
    public var feedTitle: String
    /// The other feeds that carry the same article.
    public var alsoIn: [String] = []
    /// The tags rules gave the item itself.
    public var tags: [String] = []
    public var feedNumber: Int64
    public var author: String?
    /// `2026-11-22 11:00 (3 h ago)`: local time, and how long ago within the last 30 days.
    public var dateText: String
    /// The published date in ISO 8601 UTC, `nil` when the feed gave none.
    public var published: String?
    /// The read state the daemon reported, before this command marked anything.
    public var isRead: Bool
    public var isStarred: Bool
    public var attachments: [Attachment]
    /// The content as wrapped text, with link references as `text[1]`; empty when there is none.
    public var text: String
    /// The link references: `links[0]` is `[1]`.
    public var links: [String]
    /// Which text `text` is: the feed's, or the article of the item's page.
    public var shownText: ItemText = .feed
    /// The article kept from the item's page, when it was ever fetched (`--json`'s `article`).
    public var article: ItemArticle?
    /// The header's `Text:` line: which text is shown and what became of the page; `nil` for
    /// an item whose page was never fetched (the feed's text, as always).
    public var textNote: String?
    /// The pictures the terminal draws, by the number of their link (`[image: alt][2]`: 2),
    /// each below the line that ends with its number; empty for the text form.
    public var pictures: [Int: TerminalPicture] = [:]
    /// The URLs of the shown text's images, in their order (`--json`'s `images`).
    public var imageLinks: [String] = []

    public init(
        number: Int64, title: String, displayTitle: String, link: String?, feedTitle: String,
        feedNumber: Int64, author: String?, dateText: String, published: String?, isRead: Bool,
        isStarred: Bool, attachments: [Attachment], text: String, links: [String]
    ) {
        self.number = number
        self.title = title
        self.displayTitle = displayTitle
        self.link = link
        self.feedTitle = feedTitle
        self.feedNumber = feedNumber
        self.author = author
        self.dateText = dateText
        self.published = published
        self.isRead = isRead
        self.isStarred = isStarred
        self.attachments = attachments
        self.text = text
        self.links = links
    }
}

/// One feed a web page offers, as `subscribe` lists it. Strings are unsanitised: the View
/// cleans them.
public struct FeedCandidateRow: Equatable, Sendable {
    /// 1 for the page's first feed.
    public var number: Int
    /// The site's name for the feed, else its kind in parentheses: `(Atom)`.
    public var title: String
    public var url: String
    /// The site's name for the feed as the page gives it; `nil` when it gives none (or a blank
    /// one). `--json` writes this rather than `title`, so that scripts can tell the two apart.
    public var givenTitle: String?
    /// The announced media type (`application/rss+xml`).
    public var type: String

    public init(number: Int, title: String, url: String, givenTitle: String?, type: String) {
        self.number = number
        self.title = title
        self.url = url
        self.givenTitle = givenTitle
        self.type = type
    }
}

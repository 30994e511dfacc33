/// One feed a web page offers, as `subscribe` lists it. Strings are unsanitised: the View
/// cleans them.
public struct FeedCandidateRow: Equatable, Sendable {
    /// 1 for the page's first feed.
    public var number: Int
    /// The site's name for the feed, else its kind in parentheses: `(Atom)`.
    public var title: String
    public var url: String

    public init(number: Int, title: String, url: String) {
        self.number = number
        self.title = title
        self.url = url
    }
}

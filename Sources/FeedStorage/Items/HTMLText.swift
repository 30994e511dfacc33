/// How the store reads HTML, for which it has no reader of its own (that is FeedParsing's, and
/// the daemon hands it over): the text of a title, and the words of a summary or content that
/// the search index holds.
///
/// Both must be pure and never throw: they run inside write transactions, and `words` also
/// inside SQLite (the search index reads an item's words through it, `item_search`).
public struct HTMLText: Sendable {
    /// The text of an HTML title (tags removed, references decoded, whitespace collapsed):
    /// every feed and item title is stored through it (`ParsedFeed.titleText`).
    public var title: @Sendable (String) -> String
    /// The words of an HTML summary or content, as the search index takes them.
    public var words: @Sendable (String) -> String
    /// Names what `words` gives: a different number for a function that gives other words for
    /// the same HTML. The index forgets an item's words by reading them again, so a database
    /// last indexed under another number has its index rebuilt at opening.
    public var wordsVersion: Int

    public init(
        title: @escaping @Sendable (String) -> String, words: @escaping @Sendable (String) -> String, wordsVersion: Int
    ) {
        self.title = title
        self.words = words
        self.wordsVersion = wordsVersion
    }

    /// HTML taken as its own text, titles and words alike: for tests that need no HTML reader.
    public static let verbatim = HTMLText(title: { $0 }, words: { $0 }, wordsVersion: 0)
}

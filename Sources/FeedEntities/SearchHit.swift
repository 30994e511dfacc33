/// One result of `items.search`.
public struct SearchHit: Codable, Sendable, Hashable {
    /// Marks the start of a matching word in `title` and `snippet`.
    public static let matchStart: Character = "\u{02}"
    /// Marks the end of a matching word.
    public static let matchEnd: Character = "\u{03}"

    /// The item, without summary and content.
    public var item: Item
    /// The item's title with the matching words between `matchStart` and `matchEnd` (control
    /// characters feeds never carry: the parser removes them).
    public var title: String
    /// A few words of the summary or content around the best match, marked the same way; `""`
    /// when only the title matched.
    public var snippet: String
    public init(item: Item, title: String, snippet: String) {
        self.item = item
        self.title = title
        self.snippet = snippet
    }
}

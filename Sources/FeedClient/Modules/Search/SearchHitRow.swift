/// One search hit as the View shows it: the item's row plus the marked title and snippet.
/// Strings are unsanitised: the View cleans them.
public struct SearchHitRow: Equatable, Sendable {
    /// The item as `tidings list` shows it (its `title` is the unmarked title, for plain and JSON).
    public var item: ItemRow
    /// The title with its matching words marked; the item's `displayTitle` when it has none.
    public var title: MatchedText
    /// A few words of the summary or content around the best match; empty when only the title matched.
    public var snippet: MatchedText

    public init(item: ItemRow, title: MatchedText, snippet: MatchedText) {
        self.item = item
        self.title = title
        self.snippet = snippet
    }
}

import FeedEntities
import FeedParsing
import FeedStorage

/// The text of a title that is HTML, as the store keeps it and everyone sees it: tags removed,
/// character and entity references decoded once, whitespace collapsed to single spaces, and
/// what a terminal must not receive (controls, bidi overrides a reference may have produced)
/// removed.
///
/// The store gets this function at opening (`reading`): FeedStorage cannot import FeedParsing,
/// which owns the HTML reading.
enum HTMLTitleText {
    /// How the store reads HTML: titles through `text(ofHTML:)`, the words of summaries and
    /// contents for the search index through `HTMLPlainText` (a little past the index's limit,
    /// `SQLiteFeedStore.indexedTextLimit`, at which the store cuts).
    static let reading = HTMLText(
        title: text(ofHTML:), words: { HTMLPlainText.text(ofHTML: $0, limit: 32_768) }, wordsVersion: HTMLPlainText.version)

    /// The text of `html`, cut a little after `TextLimit.maximumBytes` (the store shortens it to
    /// the limit with `…`): one pass over the title, which stops once that much text is found.
    @Sendable static func text(ofHTML html: String) -> String {
        TextSanitizer.clean(
            HTMLPlainText.text(ofHTML: html, limit: TextLimit.maximumBytes + 8), layout: .singleLine)
    }
}

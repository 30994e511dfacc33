import FeedEntities
import FeedParsing

/// The text of a title that is HTML, as the store keeps it and everyone sees it: tags removed,
/// character and entity references decoded once, whitespace collapsed to single spaces, and
/// what a terminal must not receive (controls, bidi overrides a reference may have produced)
/// removed.
///
/// The store gets this function at opening (`SQLiteFeedStore(path:htmlToText:)`): FeedStorage
/// cannot import FeedParsing, which owns the HTML reading.
enum HTMLTitleText {
    /// The text of `html`, cut a little after `TextLimit.maximumBytes` (the store shortens it to
    /// the limit with `…`): one pass over the title, which stops once that much text is found.
    @Sendable static func text(ofHTML html: String) -> String {
        TextSanitizer.clean(
            HTMLPlainText.text(ofHTML: html, limit: TextLimit.maximumBytes + 8), layout: .singleLine)
    }
}

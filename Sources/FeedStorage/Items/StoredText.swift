import FeedEntities
import Foundation

/// What every title, name, link and URL goes through before the store writes it: text from
/// outside is bounded by `TextLimit.maximumBytes` (4 KiB), and it never holds a NUL, at which
/// SQLite (bound through GRDB as a C string) would silently cut it.
///
/// - Titles and names (feed titles and subtitles, item titles and authors, categories, error
///   messages) are trimmed and shortened at a character boundary with `…`.
/// - Links the store can do without (a feed's site link, an item's link and guid, enclosure
///   URLs, a redirect target, HTTP validators) are left out when they do not fit: cutting a URL
///   would make another URL.
/// - What a request names and its sender must hear about is refused: a feed URL that does not
///   fit (`FeedStoreError.unstorableURL`), a title of the user's own with a control character
///   (`FeedStoreError.invalidTitle`); tags are refused by `TagName`.
public enum StoredText {
    /// A title or name: trimmed, `nil` when nothing is left, then `bounded`.
    static func title(_ text: String?) -> String? {
        guard let trimmed = text.map(withoutSurroundingSpace), !trimmed.isEmpty else { return nil }
        return bounded(trimmed)
    }

    /// Text a parser has already trimmed and cleaned (an item's title or author), shortened to
    /// the limit, without NULs. Costs nothing for text within the limit but the NUL check.
    static func bounded(_ text: String?) -> String? {
        guard let text else { return nil }
        let shortened = TextLimit.shortened(text)
        // Parsers remove control characters already; this only makes a NUL impossible.
        return shortened.utf8.contains(0) ? shortened.replacingOccurrences(of: "\u{0}", with: "") : shortened
    }

    /// A link or token that is stored whole or not at all: trimmed, `nil` when empty, too long or
    /// holding a NUL.
    static func link(_ text: String?) -> String? {
        guard let text, TextLimit.fits(text) else { return nil }
        let trimmed = withoutSurroundingSpace(text)
        return trimmed.isEmpty || trimmed.utf8.contains(0) ? nil : trimmed
    }

    /// A feed's URL, which is stored whole or refused.
    /// - Throws: `FeedStoreError.unstorableURL` when it is longer than the limit or holds a
    ///   control character.
    static func feedURL(_ url: String) throws(FeedStoreError) -> String {
        guard TextLimit.fits(url), !containsControlCharacter(url) else { throw .unstorableURL(url) }
        return url
    }

    /// A title the user gives a feed (`rename`, `subscribe --title`, an imported title): trimmed,
    /// `nil` when blank, shortened to the limit.
    /// - Throws: `FeedStoreError.invalidTitle` when it holds a control character (a NUL would
    ///   cut it short, a newline or escape would garble every listing).
    public static func ownTitle(_ text: String?) throws(FeedStoreError) -> String? {
        guard let trimmed = text.map(withoutSurroundingSpace), !trimmed.isEmpty else { return nil }
        guard !containsControlCharacter(trimmed) else { throw .invalidTitle(trimmed) }
        return TextLimit.shortened(trimmed)
    }

    /// An item's categories, each as a title; empty ones left out.
    static func categories(_ categories: [String]) -> [String] {
        categories.compactMap(bounded).filter { !$0.isEmpty }
    }

    /// An item's enclosures without those whose URL cannot be stored whole; a type that does
    /// not fit is left out.
    static func enclosures(_ enclosures: [Enclosure]) -> [Enclosure] {
        enclosures.compactMap { enclosure in
            guard let url = link(enclosure.url) else { return nil }
            return Enclosure(url: url, type: link(enclosure.type), length: enclosure.length, duration: enclosure.duration)
        }
    }

    /// `text` without white space at either end: what Foundation's `.whitespacesAndNewlines`
    /// trims, the zero width space included. Plain Swift, because `trimmingCharacters(in:)`
    /// built a new string through NSString for every link, guid and title, a tenth of the
    /// writer's time in a cold refresh; a string with nothing to trim comes back as it is.
    static func withoutSurroundingSpace(_ text: String) -> String {
        String(text.trimming { $0.isWhitespace || $0 == "\u{200B}" })
    }

    /// Whether `text` holds a C0 or C1 control character or DEL (Unicode category Cc).
    static func containsControlCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}

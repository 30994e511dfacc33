#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Errors the store reports besides database errors.
public enum FeedStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    case alreadySubscribed(feedID: Int64)
    case feedNotFound(Int64)
    /// An item number that names no item (a listing's anchor: `itemPage`).
    case itemNotFound(Int64)
    /// A tag that is empty, too long, or holds control characters or commas.
    case invalidTag(String)
    /// A search the index cannot run (SQLite's reason).
    case invalidSearch(String)
    /// A title of the user's own (`renameFeed`, `addFeed`'s `customTitle`, an imported title)
    /// that holds a control character.
    case invalidTitle(String)
    /// A feed URL longer than `TextLimit.maximumBytes` or holding a control character: stored
    /// whole or not at all, since a shortened URL would be another URL.
    case unstorableURL(String)
    /// A saved view's name that `SavedView.problem(withName:)` refuses, and why.
    case invalidViewName(String, String)
    /// A stored view already has the name (without case): the view as it is.
    case viewExists(SavedView)
    /// The database keeps this many views already.
    case tooManyViews(Int)

    public var description: String {
        switch self {
        case .alreadySubscribed(let id): "already subscribed (feed \(id))"
        case .feedNotFound(let id): "no feed \(id)"
        case .itemNotFound(let id): "no item \(id)"
        case .invalidTag(let tag):
            "\(Self.quoted(tag)) is not a valid tag: tags are 1 to \(TagName.maximumLength) characters "
                + "(at most \(TextLimit.maximumBytes) bytes), without commas or control characters"
        case .invalidSearch(let reason): "cannot search: \(reason)"
        case .invalidTitle(let title):
            "the title \(Self.quoted(title)) holds a control character (\(Self.firstControlCharacter(in: title))), "
                + "which a title cannot hold"
        case .unstorableURL(let url) where !TextLimit.fits(url):
            "the URL \(Self.quoted(url)) is \(url.utf8.count) bytes long: a feed URL may be at most \(TextLimit.maximumBytes) bytes"
        case .unstorableURL(let url):
            "the URL \(Self.quoted(url)) holds a control character (\(Self.firstControlCharacter(in: url)))"
        case .invalidViewName(let name, let problem): "\(Self.quoted(name)) cannot name a view: \(problem)"
        case .viewExists(let view):
            "a view named \(Self.quoted(view.name)) exists (\(Self.quoted(view.query))): remove it first, or replace it"
        case .tooManyViews(let limit): "there are \(limit) views already, the most kept: remove one first"
        }
    }

    /// `'text'` for a one-line message: at most 64 characters and 256 bytes, control characters
    /// escaped (`\0`, `\u{1B}`).
    private static func quoted(_ text: String) -> String {
        let visible = TextLimit.shortened(text, maximumBytes: 256, maximumCharacters: 64).unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control ? scalar.escaped(asASCII: true) : String(scalar)
        }
        return "'" + visible.joined() + "'"
    }

    /// `U+0000`: the first control character of `text`.
    private static func firstControlCharacter(in text: String) -> String {
        guard let scalar = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) else { return "none" }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

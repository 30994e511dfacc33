/// A selection of items written in Tidings' query language (docs/views.md): what a saved
/// view is, and what `tidings list --where` takes. Read with `ItemFilter(parsing:)`, written
/// back by `description` in a form that reads back the same.
public indirect enum ItemFilter: Sendable, Hashable, CustomStringConvertible {
    /// `is:unread`, `is:read`, `is:starred`, `is:unstarred`.
    case state(ItemState)
    /// `has:enclosure`: a podcast episode or another attached file.
    case hasEnclosure
    /// `tag:NAME`: the feed's tag or one a rule gave the item, case-insensitive.
    case tag(String)
    /// `feed:TEXT`: the feed's title (as listed) or URL contains the text, or its number is it.
    case feed(String)
    /// `title:TEXT`, `author:TEXT`, `link:TEXT`: the field contains the text, ASCII letters
    /// without case.
    case contains(TextField, String)
    /// `content:WORDS`: the words in the item's text, as `tidings search` finds them.
    case content(String)
    /// A full-text term: a word, `"a phrase"` or `prefix*`, in the title or the text.
    case words(String)
    /// `newer:7d`, `older:30d`: the item's date is within, or beyond, that many seconds of now.
    case newer(seconds: Int)
    case older(seconds: Int)
    /// `NOT x`, `-x`.
    case not(ItemFilter)
    /// Terms side by side, or `x AND y`: all of them hold.
    case all([ItemFilter])
    /// `x OR y`: one of them holds.
    case any([ItemFilter])

    public enum ItemState: String, Sendable, Hashable, CaseIterable {
        case unread, read, starred, unstarred
    }

    public enum TextField: String, Sendable, Hashable, CaseIterable {
        case title, author, link
    }

    /// Whether a term asks the search index (full-text words, `content:`), which must then be
    /// up to date.
    public var usesSearchIndex: Bool {
        switch self {
        case .words, .content: true
        case .not(let inner): inner.usesSearchIndex
        case .all(let terms), .any(let terms): terms.contains { $0.usesSearchIndex }
        default: false
        }
    }

    /// The query as it reads back: `OR` binds looser than juxtaposition, so only an `OR`
    /// inside `AND` or `NOT` takes parentheses; values are quoted when they must be.
    public var description: String { written(inside: .top) }

    private enum Context { case top, all, not }

    private func written(inside context: Context) -> String {
        switch self {
        case .state(let state): return "is:\(state.rawValue)"
        case .hasEnclosure: return "has:enclosure"
        case .tag(let name): return "tag:" + Self.quotedIfNeeded(name)
        case .feed(let text): return "feed:" + Self.quotedIfNeeded(text)
        case .contains(let field, let text): return "\(field.rawValue):" + Self.quotedIfNeeded(text)
        case .content(let text): return "content:" + Self.quotedIfNeeded(text)
        case .words(let term): return term
        case .newer(let seconds): return "newer:" + Self.duration(seconds)
        case .older(let seconds): return "older:" + Self.duration(seconds)
        case .not(let inner): return "-" + inner.written(inside: .not)
        case .all(let terms):
            let text = terms.map { $0.written(inside: .all) }.joined(separator: " ")
            return context == .not ? "(\(text))" : text
        case .any(let terms):
            let text = terms.map { $0.written(inside: .top) }.joined(separator: " OR ")
            return context == .top ? text : "(\(text))"
        }
    }

    /// A value as written after `field:`: bare when it is one plain word, else in quotes with
    /// `"` and `\` escaped by a backslash.
    static func quotedIfNeeded(_ value: String) -> String {
        let plain = !value.isEmpty && value.unicodeScalars.allSatisfy {
            !$0.properties.isWhitespace && $0 != "\"" && $0 != "\\" && $0 != "(" && $0 != ")"
        }
        if plain { return value }
        var quoted = "\""
        for character in value {
            if character == "\"" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }

    /// Seconds in the largest unit that divides them: `2w`, `3d`, `12h`, `90m`.
    static func duration(_ seconds: Int) -> String {
        for (unit, length) in [("w", 604_800), ("d", 86_400), ("h", 3_600), ("m", 60)] where seconds % length == 0 {
            return "\(seconds / length)\(unit)"
        }
        return "\(seconds)s"
    }
}

/// newsboat's filter language, the one of its query feeds (`"query:Name:unread = \"yes\""`),
/// read into an `ItemFilter` where the two say the same; `ItemFilter+Newsboat.swift` writes one
/// back.
///
/// What translates (newsboat's attribute, operator and value → the query):
/// - `unread = "yes"` / `"no"` (and `!=`) → `is:unread` / `is:read`;
/// - `tags # "x"` / `tags !# "x"` → `tag:x` / `-tag:x`;
/// - `title`, `author`, `link` `=~` / `!~` a plain text → `title:TEXT` / `-title:TEXT`;
/// - `content` or `description` `=~` / `!~` words → `content:WORDS`;
/// - `feedtitle` `=~` / `!~`, `rssurl` or `feedurl` `=~` or `=` (and `!~`, `!=`) → `feed:TEXT`
///   (and `-feed:TEXT`);
/// - `age` (whole days) `<`, `<=`, `>`, `>=`, `=`, `between A:B` → `newer:` / `older:`;
/// - `enclosure_url != ""` / `= ""` → `has:enclosure` / `-has:enclosure`;
/// - `and`, `or` and parentheses.
///
/// Anything else is refused with the part that could not be said: a regular expression that is
/// more than text (`^`, `[`, `|`…), an equality on a title, an attribute Tidings does not keep
/// (`flags`, `guid`, `date`…), and `and` beside `or` without parentheses, whose grouping the
/// two languages could read differently.
public enum NewsboatFilter {
    /// Why a filter was not translated, naming the part.
    public struct Untranslatable: Error, Sendable, Equatable, CustomStringConvertible {
        public var reason: String
        public init(_ reason: String) { self.reason = reason }
        public var description: String { reason }
    }

    /// The longest filter read, in characters, and the deepest nesting of parentheses.
    public static let maximumLength = 4096
    public static let maximumDepth = 16

    /// The query that selects what `text` selects in newsboat.
    /// - Throws: `Untranslatable`, with the reason.
    public static func itemFilter(from text: String) throws(Untranslatable) -> ItemFilter {
        guard text.count <= maximumLength else { throw Untranslatable("the filter is longer than \(maximumLength) characters") }
        var parser = Parser(tokens: try tokens(of: text))
        let filter = try parser.expression(depth: 0)
        if let extra = parser.peek { throw Untranslatable("unexpected \(extra.shown) after the filter's end") }
        return joined(filter)
    }

    /// What Tidings writes for one term of its own as two comparisons, read back as that term
    /// (`ItemFilter.newsboatFilter`): a feed's title or URL (`feed:`), and a word in the title
    /// or the text (a full-text term); a term given twice, once.
    static func joined(_ filter: ItemFilter) -> ItemFilter {
        func word(_ text: String) -> ItemFilter? {
            guard !text.isEmpty, text.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == " " }) else { return nil }
            return .words(text.contains(" ") ? "\"\(text)\"" : text)
        }
        func unique(_ terms: [ItemFilter]) -> [ItemFilter] {
            var seen: [ItemFilter] = []
            for term in terms.map(joined) where !seen.contains(term) { seen.append(term) }
            return seen
        }
        // `a and (b and c)` is `a b c`, as the query writes and reads it back.
        func flattened(_ terms: [ItemFilter], any: Bool) -> [ItemFilter] {
            terms.flatMap { term -> [ItemFilter] in
                switch (term, any) {
                case (.any(let inner), true), (.all(let inner), false): inner
                default: [term]
                }
            }
        }
        switch filter {
        case .any(let terms):
            let terms = flattened(unique(terms), any: true)
            if terms.count == 2, case .contains(.title, let a) = terms[0], case .content(let b) = terms[1], a == b, let word = word(a) {
                return word
            }
            return terms.count == 1 ? terms[0] : .any(terms)
        case .all(let terms):
            let terms = flattened(unique(terms), any: false)
            if terms.count == 2, case .not(.contains(.title, let a)) = terms[0], case .not(.content(let b)) = terms[1], a == b,
               let word = word(a) {
                return .not(word)
            }
            return terms.count == 1 ? terms[0] : .all(terms)
        case .not(let inner): return .not(joined(inner))
        default: return filter
        }
    }

    // MARK: - Parsing

    struct Parser {
        var tokens: [Token]
        var position = 0

        var peek: Token? { position < tokens.count ? tokens[position] : nil }

        mutating func next() -> Token? {
            defer { position += 1 }
            return peek
        }

        /// `group (and|or group)*`, one kind of operator per level.
        mutating func expression(depth: Int) throws(Untranslatable) -> ItemFilter {
            guard depth < NewsboatFilter.maximumDepth else {
                throw Untranslatable("the filter nests more than \(NewsboatFilter.maximumDepth) parentheses deep")
            }
            var terms = [try group(depth: depth)]
            var joiner: String?
            while case .word(let word)? = peek, ["and", "or"].contains(word.lowercased()) {
                let kind = word.lowercased()
                if let joiner, joiner != kind {
                    throw Untranslatable("it mixes 'and' and 'or' without parentheses: add them, so that the grouping is certain")
                }
                joiner = kind
                position += 1
                terms.append(try group(depth: depth))
            }
            guard terms.count > 1 else { return terms[0] }
            return joiner == "or" ? .any(terms) : .all(terms)
        }

        mutating func group(depth: Int) throws(Untranslatable) -> ItemFilter {
            if peek == .open {
                position += 1
                let inner = try expression(depth: depth + 1)
                guard next() == .close else { throw Untranslatable("a '(' is not closed: add the ')'") }
                return inner
            }
            guard case .word(let attribute)? = next() else {
                throw Untranslatable(peek.map { "expected an attribute (title, unread, tags…), not \($0.shown)" } ?? "the filter ends where a comparison was expected")
            }
            let op: String
            switch next() {
            case .op(let symbol)?: op = symbol
            case .word(let word)? where word.lowercased() == "between": op = "between"
            case let other?: throw Untranslatable("expected an operator after '\(attribute)', not \(other.shown)")
            case nil: throw Untranslatable("'\(attribute)' needs an operator and a value")
            }
            guard let value = next(), value != .open, value != .close, !Self.isWord(value) else {
                throw Untranslatable("'\(attribute) \(op)' needs a value")
            }
            return try NewsboatFilter.comparison(attribute.lowercased(), op, value)
        }

        private static func isWord(_ token: Token) -> Bool {
            if case .word = token { return true }
            return false
        }
    }
}

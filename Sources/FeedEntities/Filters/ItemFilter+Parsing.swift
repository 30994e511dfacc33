/// Reading the query language (docs/views.md):
///
///     query  = or
///     or     = and { "OR" and }
///     and    = unary { [ "AND" ] unary }
///     unary  = ( "NOT" | "-" ) unary | "(" query ")" | term
///     term   = is:STATE | has:enclosure | tag:V | feed:V | title:V | author:V | link:V
///            | content:V | newer:DURATION | older:DURATION | word | "phrase" | prefix*
///
/// A value `V` is a word or a `"quoted string"` (`\"` and `\\` inside); a duration a number
/// and `m`, `h`, `d` or `w`. The operators are upper case, as in `tidings search`, so that
/// "or" and "not" stay words to look for. A word with a colon that names no field is an
/// error (quote it to look for it). Input built to explode is refused: past 4,096 characters,
/// 64 terms or 16 levels of parentheses and negations.
extension ItemFilter {
    public static let maximumLength = 4096
    public static let maximumTerms = 64
    public static let maximumDepth = 16

    public init(parsing text: String) throws(ItemFilterError) {
        guard text.utf8.count <= Self.maximumLength else { throw .tooLong }
        var parser = Parser(tokens: try Lexer.tokens(in: text))
        guard !parser.tokens.isEmpty else { throw .empty }
        let filter = try parser.orExpression(depth: 0)
        if parser.index < parser.tokens.count {
            if case .close = parser.tokens[parser.index] { throw .unopened }
            throw .unexpected(parser.tokens[parser.index].text)
        }
        self = filter
    }

    fileprivate enum Token {
        case open, close, or, and, not
        case field(name: String, value: String)
        case words(String)

        var text: String {
            switch self {
            case .open: "("
            case .close: ")"
            case .or: "OR"
            case .and: "AND"
            case .not: "NOT"
            case .field(let name, let value): "\(name):\(value)"
            case .words(let term): term
            }
        }
    }

    fileprivate struct Parser {
        let tokens: [Token]
        var index = 0
        var terms = 0

        init(tokens: [Token]) {
            self.tokens = tokens
        }

        mutating func orExpression(depth: Int) throws(ItemFilterError) -> ItemFilter {
            var alternatives = [try andExpression(depth: depth)]
            while index < tokens.count, case .or = tokens[index] {
                index += 1
                guard index < tokens.count, startsTerm(tokens[index]) else { throw .missingOperand("OR") }
                alternatives.append(try andExpression(depth: depth))
            }
            return alternatives.count == 1 ? alternatives[0] : .any(alternatives)
        }

        mutating func andExpression(depth: Int) throws(ItemFilterError) -> ItemFilter {
            var terms = [try unary(depth: depth)]
            while index < tokens.count {
                if case .and = tokens[index] {
                    index += 1
                    guard index < tokens.count, startsTerm(tokens[index]) else { throw .missingOperand("AND") }
                } else if !startsTerm(tokens[index]) {
                    break
                }
                terms.append(try unary(depth: depth))
            }
            return terms.count == 1 ? terms[0] : .all(terms)
        }

        mutating func unary(depth: Int) throws(ItemFilterError) -> ItemFilter {
            guard index < tokens.count else { throw .missingOperand("NOT") }
            let token = tokens[index]
            index += 1
            switch token {
            case .not:
                // Negations nest as parentheses do, and count against the same depth.
                guard depth < ItemFilter.maximumDepth else { throw .tooDeep }
                guard index < tokens.count, startsTerm(tokens[index]) else { throw .missingOperand("NOT") }
                return .not(try unary(depth: depth + 1))
            case .open:
                guard depth < ItemFilter.maximumDepth else { throw .tooDeep }
                guard index < tokens.count else { throw .unclosed }
                if case .close = tokens[index] { throw .emptyParentheses }
                let inner = try orExpression(depth: depth + 1)
                guard index < tokens.count, case .close = tokens[index] else { throw .unclosed }
                index += 1
                return inner
            case .close: throw .unopened
            case .or: throw .missingOperand("OR")
            case .and: throw .missingOperand("AND")
            case .words(let term):
                try count()
                return .words(term)
            case .field(let name, let value):
                try count()
                return try Self.term(name, value)
            }
        }

        private mutating func count() throws(ItemFilterError) {
            terms += 1
            if terms > ItemFilter.maximumTerms { throw .tooManyTerms }
        }

        private func startsTerm(_ token: Token) -> Bool {
            switch token {
            case .open, .not, .field, .words: true
            case .close, .or, .and: false
            }
        }

        static func term(_ name: String, _ value: String) throws(ItemFilterError) -> ItemFilter {
            switch name {
            case "is":
                guard let state = ItemState(rawValue: value) else { throw .badValue(field: name, value: value, expected: "unread, read, starred or unstarred") }
                return .state(state)
            case "has":
                guard value == "enclosure" else { throw .badValue(field: name, value: value, expected: "enclosure") }
                return .hasEnclosure
            case "tag", "feed", "title", "author", "link", "content":
                guard !value.isEmpty else { throw .missingValue(field: name) }
                switch name {
                case "tag": return .tag(value)
                case "feed": return .feed(value)
                case "content": return .content(value)
                default: return .contains(TextField(rawValue: name)!, value)
                }
            case "newer", "older":
                guard let seconds = duration(value) else { throw .badValue(field: name, value: value, expected: "a number and m, h, d or w (7d)") }
                return name == "newer" ? .newer(seconds: seconds) : .older(seconds: seconds)
            default:
                throw .unknownField(name)
            }
        }

        /// `90m`, `12h`, `7d`, `2w` in seconds; at most ten years.
        static func duration(_ text: String) -> Int? {
            guard let unit = text.last, let number = Int(text.dropLast()), number > 0 else { return nil }
            let length: Int
            switch unit {
            case "m": length = 60
            case "h": length = 3_600
            case "d": length = 86_400
            case "w": length = 604_800
            default: return nil
            }
            guard number <= 3_650 * 86_400 / length else { return nil }
            return number * length
        }
    }

    /// Splits the text into tokens: parentheses, the operators, `field:value` (the value bare or
    /// quoted), `-` before a term, and full-text terms (words, `"phrases"`, `prefix*`).
    fileprivate enum Lexer {
        static func tokens(in text: String) throws(ItemFilterError) -> [Token] {
            var tokens: [Token] = []
            let characters = Array(text)
            var index = 0
            while index < characters.count {
                let character = characters[index]
                if character.isWhitespace {
                    index += 1
                } else if character == "(" {
                    tokens.append(.open)
                    index += 1
                } else if character == ")" {
                    tokens.append(.close)
                    index += 1
                } else if character == "-", index + 1 < characters.count, !characters[index + 1].isWhitespace {
                    // `-x`: the term (or parenthesis) that follows, negated.
                    tokens.append(.not)
                    index += 1
                } else if character == "\"" {
                    let phrase = try quoted(characters, &index)
                    tokens.append(.words("\"" + phrase.filter { $0 != "\"" } + "\""))
                } else {
                    let start = index
                    while index < characters.count, !characters[index].isWhitespace, characters[index] != "(",
                        characters[index] != ")", characters[index] != "\""
                    {
                        if characters[index] == ":" { break }
                        index += 1
                    }
                    let word = String(characters[start..<index])
                    if index < characters.count, characters[index] == ":", !word.isEmpty,
                        word.allSatisfy({ $0.isLetter })
                    {
                        index += 1
                        let value: String
                        if index < characters.count, characters[index] == "\"" {
                            value = try quoted(characters, &index)
                        } else {
                            let valueStart = index
                            while index < characters.count, !characters[index].isWhitespace, characters[index] != "(",
                                characters[index] != ")"
                            {
                                index += 1
                            }
                            value = String(characters[valueStart..<index])
                        }
                        tokens.append(.field(name: word.lowercased(), value: value))
                        continue
                    }
                    // A word with a colon that is no field (`C++:`, `10:30`): the whole run.
                    while index < characters.count, !characters[index].isWhitespace, characters[index] != "(",
                        characters[index] != ")", characters[index] != "\""
                    {
                        index += 1
                    }
                    let run = String(characters[start..<index])
                    switch run {
                    case "OR": tokens.append(.or)
                    case "AND": tokens.append(.and)
                    case "NOT": tokens.append(.not)
                    default: tokens.append(.words(run))
                    }
                }
            }
            return tokens
        }

        /// The string in quotes at `index`, `\"` and `\\` unescaped; `index` ends past it.
        static func quoted(_ characters: [Character], _ index: inout Int) throws(ItemFilterError) -> String {
            var value = ""
            index += 1
            while index < characters.count {
                let character = characters[index]
                if character == "\\", index + 1 < characters.count, characters[index + 1] == "\"" || characters[index + 1] == "\\" {
                    value.append(characters[index + 1])
                    index += 2
                } else if character == "\"" {
                    index += 1
                    return value
                } else {
                    value.append(character)
                    index += 1
                }
            }
            throw .unclosedQuote
        }
    }
}

/// Why a query could not be read, said so that the user can fix it.
public enum ItemFilterError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty
    case tooLong
    case tooManyTerms
    case tooDeep
    case unclosedQuote
    case unclosed
    case unopened
    case emptyParentheses
    case missingOperand(String)
    case unexpected(String)
    case unknownField(String)
    case missingValue(field: String)
    case badValue(field: String, value: String, expected: String)

    public var description: String {
        switch self {
        case .empty: "the query is empty"
        case .tooLong: "the query is longer than \(ItemFilter.maximumLength) characters"
        case .tooManyTerms: "the query has more than \(ItemFilter.maximumTerms) terms"
        case .tooDeep: "the query nests parentheses more than \(ItemFilter.maximumDepth) deep"
        case .unclosedQuote: "a quote is not closed"
        case .unclosed: "a '(' is not closed"
        case .unopened: "a ')' has no '('"
        case .emptyParentheses: "'()' holds no term"
        case .missingOperand(let word): "'\(word)' needs a term after it"
        case .unexpected(let text): "unexpected '\(text)'"
        case .unknownField(let name):
            "no field '\(name):' (fields: is, has, tag, feed, title, author, link, content, newer, older; quote a word with a colon to search for it)"
        case .missingValue(let field): "'\(field):' needs a value"
        case .badValue(let field, let value, let expected): "'\(field):\(value)': expected \(expected)"
        }
    }
}

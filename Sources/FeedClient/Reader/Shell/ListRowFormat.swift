import FeedEntities

/// A list row's layout as newsboat's `feedlist-format` and `articlelist-format` write one:
/// text, and fields `%X` with an optional width (`%4i` right-aligned, `%-17T` left-aligned),
/// `%>c` filling the row to its width with `c` there, `%?X?then&else?` choosing by whether
/// field X is empty, `%%` a percent sign. Read once, checked whole: an unknown field or an
/// unclosed choice is an error naming the fields the list has.
///
/// A row wider than the window gives up the end of its title first (the field named
/// `shrinking`, when no width of its own is given), then is clipped at the edge.
public struct ListRowFormat: Equatable, Sendable {
    indirect enum Piece: Equatable, Sendable {
        case text(String)
        case field(Character, width: Int?, leftAligned: Bool)
        /// The filling character, already cleaned (a control character fills nothing).
        case fill(String)
        case choice(Character, then: [Piece], otherwise: [Piece])
    }

    /// Why a format was refused.
    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// A field's text and the parts of the row it is drawn as. The format cleans it as a line
    /// whose spaces are layout (a marker's blank stays); a View passes feed text such as a
    /// title through `TerminalText.sanitize` first, for its runs of white space to be one.
    public struct Value {
        public var text: String
        public var parts: [ScreenElement]

        public init(_ text: String, _ parts: [ScreenElement] = []) {
            self.text = text
            self.parts = parts
        }
    }

    /// A format is a line of a config file; a width beyond any terminal is a mistake.
    static let maximumLength = 500
    static let maximumWidth = 1000

    let pieces: [Piece]
    /// The format as written, for `Equatable` and messages.
    public let text: String

    /// - Parameter fields: the fields this list has, with what each is (for the error).
    public init(_ text: String, fields: KeyValuePairs<Character, String>) throws(Invalid) {
        guard text.count <= Self.maximumLength else { throw Invalid(description: "longer than \(Self.maximumLength) characters") }
        self.text = text
        var parser = Parser(characters: Array(text), fields: fields)
        pieces = try parser.pieces(inChoice: false)
    }

    /// The row's segments at `width` columns, each field's value from `value`.
    public func segments(width: Int, shrinking: Character, _ value: (Character) -> Value) -> [ReaderChrome.Segment] {
        var segments: [(text: String, parts: [ScreenElement], isShrinkable: Bool)] = []
        var fillAt: (index: Int, fill: String)?
        func lay(_ pieces: [Piece]) {
            for piece in pieces {
                switch piece {
                case .text(let literal):
                    segments.append((literal, [], false))
                case .field(let name, let fieldWidth, let leftAligned):
                    let field = value(name)
                    let clean = Self.clean(field.text)
                    let shown = fieldWidth.map { DisplayWidth.fit(clean, toWidth: $0, alignRight: !leftAligned) } ?? clean
                    segments.append((shown, field.parts, name == shrinking && fieldWidth == nil))
                case .fill(let fill):
                    if fillAt == nil { fillAt = (segments.count, fill) }
                case .choice(let name, let then, let otherwise):
                    lay(value(name).text.allSatisfy(\.isWhitespace) ? otherwise : then)
                }
            }
        }
        lay(pieces)
        let used = segments.reduce(0) { $0 + DisplayWidth.of($1.text) }
        if used > width, let index = segments.firstIndex(where: \.isShrinkable) {
            let room = max(0, DisplayWidth.of(segments[index].text) - (used - width))
            segments[index].text = DisplayWidth.truncate(segments[index].text, toWidth: room)
        } else if used < width, let fillAt {
            let count = DisplayWidth.of(fillAt.fill) == 1 ? width - used : 0
            segments.insert((String(repeating: fillAt.fill, count: count), [], false), at: fillAt.index)
        }
        return segments.map { ($0.text, $0.parts) }
    }

    /// Text cleaned as a line whose spaces are its layout: no control character or escape
    /// sequence is left, a line break is a space.
    fileprivate static func clean(_ literal: String) -> String {
        TerminalText.sanitizeBlock(literal).split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ")
    }

    private struct Parser {
        let characters: [Character]
        let fields: KeyValuePairs<Character, String>
        var index = 0

        var fieldList: String {
            fields.map { "%\($0.key) \($0.value)" }.joined(separator: ", ")
        }

        /// Pieces up to the end, or in a choice up to its `&` or closing `?` (left unread).
        mutating func pieces(inChoice: Bool) throws(Invalid) -> [Piece] {
            var pieces: [Piece] = []
            var literal = ""
            func flush() {
                // The format's own text is cleaned once, here, not for every row drawn.
                if !literal.isEmpty { pieces.append(.text(ListRowFormat.clean(literal))) }
                literal = ""
            }
            while index < characters.count {
                let character = characters[index]
                if inChoice, character == "&" || character == "?" { break }
                index += 1
                guard character == "%" else {
                    literal.append(character)
                    continue
                }
                guard index < characters.count else { throw Invalid(description: "`%` at the end (\(fieldList), or %% for a percent sign)") }
                switch characters[index] {
                case "%":
                    index += 1
                    literal.append("%")
                case ">":
                    index += 1
                    guard index < characters.count else { throw Invalid(description: "`%>` names no character to fill with") }
                    flush()
                    pieces.append(.fill(ListRowFormat.clean(String(characters[index]))))
                    index += 1
                case "?":
                    guard !inChoice else { throw Invalid(description: "a `%?` choice inside another") }
                    index += 1
                    guard index + 1 < characters.count, characters[index + 1] == "?" else {
                        throw Invalid(description: "a choice is written `%?X?then&else?`")
                    }
                    let name = try field(characters[index])
                    index += 2
                    let then = try self.pieces(inChoice: true)
                    var otherwise: [Piece] = []
                    if index < characters.count, characters[index] == "&" {
                        index += 1
                        otherwise = try self.pieces(inChoice: true)
                    }
                    guard index < characters.count, characters[index] == "?" else {
                        throw Invalid(description: "the choice on %\(name) is not closed with `?`")
                    }
                    index += 1
                    flush()
                    pieces.append(.choice(name, then: then, otherwise: otherwise))
                default:
                    let leftAligned = characters[index] == "-"
                    if leftAligned { index += 1 }
                    var digits = ""
                    while index < characters.count, characters[index].isASCII, characters[index].isNumber {
                        digits.append(characters[index])
                        index += 1
                    }
                    guard index < characters.count else { throw Invalid(description: "`%\(leftAligned ? "-" : "")\(digits)` names no field (\(fieldList))") }
                    let width = digits.isEmpty ? nil : Int(digits.prefix(5))
                    if let width, width > Self.maximumWidth {
                        throw Invalid(description: "width \(digits) is more than \(Self.maximumWidth) columns")
                    }
                    let name = try field(characters[index])
                    index += 1
                    flush()
                    pieces.append(.field(name, width: width, leftAligned: leftAligned))
                }
            }
            flush()
            return pieces
        }

        func field(_ name: Character) throws(Invalid) -> Character {
            guard fields.contains(where: { $0.key == name }) else {
                throw Invalid(description: "unknown field `%\(name)` (one of: \(fieldList))")
            }
            return name
        }

        static var maximumWidth: Int { ListRowFormat.maximumWidth }
    }
}

import FeedEntities
import FeedIPC

/// Text in which a search marked the words it matched, split into pieces. Unsanitised: the
/// View cleans it (`TerminalMatchedText`).
public struct MatchedText: Equatable, Sendable {
    public struct Piece: Equatable, Sendable {
        public var text: String
        public var isMatch: Bool

        public init(_ text: String, isMatch: Bool = false) {
            self.text = text
            self.isMatch = isMatch
        }
    }

    /// In order; concatenated they are the text without markers.
    public var pieces: [Piece]

    public init(pieces: [Piece]) {
        self.pieces = pieces
    }

    /// Splits `marked` on the daemon's markers (`SearchHit.matchStart`, `SearchHit.matchEnd`),
    /// which never appear in the pieces. Unbalanced markers are tolerated: a start opens a
    /// match (until an end or the text's end), a stray end is dropped.
    public init(marked: String) {
        let start = SearchHit.matchStart.unicodeScalars.first!
        let end = SearchHit.matchEnd.unicodeScalars.first!
        var pieces: [Piece] = []
        var current = String.UnicodeScalarView()
        var inMatch = false
        func flush() {
            if !current.isEmpty { pieces.append(Piece(String(current), isMatch: inMatch)) }
            current = String.UnicodeScalarView()
        }
        for scalar in marked.unicodeScalars {
            switch scalar {
            case start:
                flush()
                inMatch = true
            case end:
                flush()
                inMatch = false
            default:
                current.append(scalar)
            }
        }
        flush()
        self.pieces = pieces
    }

    /// The text without markers.
    public var plain: String { pieces.map(\.text).joined() }

    /// Whether there is nothing to read (no pieces, or only whitespace).
    public var isBlank: Bool { pieces.allSatisfy { $0.text.allSatisfy(\.isWhitespace) } }
}

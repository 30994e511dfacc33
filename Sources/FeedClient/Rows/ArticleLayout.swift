import FeedEntities

/// An article laid out in lines of at most a width, the one layout `tidings show` and the
/// reader's article screen both draw: the header fields with their values wrapped under the
/// value column, a blank line, the text as the daemon rendered it, then `Links:` and one
/// `[n] URL` a line. Every string is sanitised here (`TerminalText`); styling is the Views'.
public struct ArticleLayout: Equatable, Sendable {
    /// One line of the article.
    public struct Line: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            /// A line of a header field: `label` (`Title:`) on its first line, empty on the
            /// lines its value wraps onto. `text` is the value's part on this line.
            case header(label: String)
            case text
            /// `Links:`, above the references.
            case linksHeading
            /// A link reference: `reference` (`[3]`) on its first line, empty on the lines a
            /// long link wraps onto. `text` is the link's part on this line.
            case link(reference: String)
            case blank
            /// Row `row` (from its top) of the picture of link `[number]`, drawn below the line
            /// that names it where the terminal draws pictures (the reader's article screen);
            /// `text` stands in for it when it is not drawn.
            case picture(number: Int, row: Int)
        }

        /// How a line is set apart: a header's title, or the words standing in for one; in the
        /// text, a heading (with the line of `=` or `-` under it, or `### ` before it) and a
        /// quote (`> `), as the daemon's rendering marks them.
        public enum Emphasis: Equatable, Sendable {
            case title
            case excerpt
            case heading
            case quote
        }

        public var kind: Kind
        public var text: String
        public var emphasis: Emphasis?

        public init(_ kind: Kind, _ text: String, emphasis: Emphasis? = nil) {
            self.kind = kind
            self.text = text
            self.emphasis = emphasis
        }
    }

    public var lines: [Line]
    /// Columns before a header value: the widest label and a space.
    public var labelWidth: Int
    /// Columns before a link: the widest reference and a space.
    public var referenceWidth: Int

    /// No article.
    public static let empty = ArticleLayout(lines: [], labelWidth: 0, referenceWidth: 0)

    private init(lines: [Line], labelWidth: Int, referenceWidth: Int) {
        self.lines = lines
        self.labelWidth = labelWidth
        self.referenceWidth = referenceWidth
    }

    /// How links are laid out when they are wider than their column.
    public enum LinkBreaking: Sendable {
        /// Never cut: a link too long for the value column goes on a line of its own from the
        /// first column (output a terminal wraps itself, where the link can still be copied).
        case whole
        /// Broken across lines at the width (a full-screen view, which no terminal wraps: a
        /// link cut off at the edge could not be read at all).
        case atWidth
    }

    /// - Parameters:
    ///   - width: the columns a line may take.
    ///   - flags: whether a `Flags:` field says that the item is starred (the reader's).
    public init(_ detail: ItemDetail, width: Int, links breaking: LinkBreaking, flags: Bool = false) {
        var fields = [
            Field(label: "Feed:", tokens: WordWrap.words(TerminalText.sanitize(Self.feeds(detail)))),
            Field(label: "Title:", tokens: WordWrap.words(TerminalText.sanitize(detail.displayTitle)), emphasis: detail.titleIsExcerpt ? .excerpt : .title),
        ]
        if let author = detail.author, !author.allSatisfy(\.isWhitespace) {
            fields.append(Field(label: "Author:", tokens: WordWrap.words(TerminalText.sanitize(author))))
        }
        fields.append(Field(label: "Date:", tokens: WordWrap.words(TerminalText.sanitize(detail.dateText))))
        if !detail.tags.isEmpty {
            fields.append(Field(label: "Tags:", tokens: WordWrap.words(TerminalText.sanitize(detail.tags.joined(separator: ", ")))))
        }
        if let link = detail.link, !link.allSatisfy(\.isWhitespace) {
            fields.append(Field(label: "Link:", tokens: [TerminalText.sanitize(link)], isLink: true))
        }
        for attachment in detail.attachments {
            let facts = [attachment.type.map(TerminalText.sanitize), attachment.size, attachment.playingTime]
                .compactMap { $0 }.filter { !$0.isEmpty }
            // The facts wrap at their spaces (a narrow terminal); the URL as links do.
            let tokens = [TerminalText.sanitize(attachment.url)] + (facts.isEmpty ? [] : WordWrap.words("(" + facts.joined(separator: ", ") + ")"))
            fields.append(Field(label: "Enclosure:", tokens: tokens, isLink: true))
        }
        if flags, detail.isStarred {
            fields.append(Field(label: "Flags:", tokens: ["starred"]))
        }
        if let note = detail.textNote {
            fields.append(Field(label: "Text:", tokens: WordWrap.words(TerminalText.sanitize(note))))
        }

        labelWidth = (fields.map(\.label.count).max() ?? 0) + 1
        let valueWidth = max(10, width - labelWidth)
        var lines: [Line] = []
        for field in fields {
            if field.isLink, breaking == .whole, let url = field.tokens.first, DisplayWidth.of(url) > valueWidth {
                // A link too long for the value column gets a line of its own, from the first
                // column, where it runs past the edge only when it is longer than the line.
                lines.append(Line(.header(label: field.label), ""))
                lines.append(Line(.text, url))
                let rest = Array(field.tokens.dropFirst())
                if !rest.isEmpty {
                    lines += WordWrap.lines(rest, width: valueWidth, breakLongTokens: true).map { Line(.header(label: ""), $0) }
                }
                continue
            }
            // Here a link fits the value column (so it is not broken), or may be broken
            // (`.atWidth`) as any long word is; what follows it may be broken too.
            let wrapped = WordWrap.lines(field.tokens, width: valueWidth, breakLongTokens: true)
            for (index, text) in wrapped.enumerated() {
                lines.append(Line(.header(label: index == 0 ? field.label : ""), text, emphasis: field.emphasis))
            }
        }

        let text = TerminalText.sanitizeBlock(detail.text)
        var body = text.split(separator: "\n", omittingEmptySubsequences: false).map { Line(.text, String($0)) }
        while body.last?.text.allSatisfy(\.isWhitespace) == true { body.removeLast() }
        Self.markBlocks(&body)
        if breaking == .atWidth {
            // The daemon wrapped the prose at the width; a line it keeps whole (code, which
            // keeps its layout) is broken at the edge instead of running past it, each piece
            // marked as the line was.
            body = body.flatMap { line in Self.broken(line.text, width: width).map { Line(.text, $0, emphasis: line.emphasis) } }
        }
        if !body.isEmpty { lines += [Line(.blank, "")] + body }

        let references = detail.links.indices.map { "[\($0 + 1)]" }
        referenceWidth = (references.map(\.count).max() ?? 0) + 1
        if !detail.links.isEmpty {
            lines += [Line(.blank, ""), Line(.linksHeading, "Links:")]
            let linkWidth = max(10, width - referenceWidth)
            for (reference, link) in zip(references, detail.links) {
                let url = TerminalText.sanitize(link)
                let parts = breaking == .atWidth ? WordWrap.lines([url], width: linkWidth, breakLongTokens: true) : [url]
                for (index, part) in parts.enumerated() {
                    lines.append(Line(.link(reference: index == 0 ? reference : ""), part))
                }
            }
        }
        self.lines = lines
    }

    /// Marks the headings and quotes of the rendered text: a line of `=` or `-` as wide as the
    /// line above underlines a heading (levels 1 and 2), `### ` opens a deeper one, `>` a quote.
    static func markBlocks(_ lines: inout [Line]) {
        for index in lines.indices {
            let text = lines[index].text
            if text.hasPrefix(">") {
                lines[index].emphasis = .quote
            } else if text.hasPrefix("### ") || text.hasPrefix("#### ") || text.hasPrefix("##### ") || text.hasPrefix("###### ") {
                lines[index].emphasis = .heading
            } else if index > 0, !text.isEmpty, text.allSatisfy({ $0 == "=" }) || text.allSatisfy({ $0 == "-" }),
                      !lines[index - 1].text.allSatisfy(\.isWhitespace),
                      DisplayWidth.of(lines[index - 1].text) == text.count {
                lines[index].emphasis = .heading
                lines[index - 1].emphasis = .heading
            }
        }
    }

    /// The article as plain text: labels and references padded to their columns, no styles.
    public var plainText: String {
        lines.map { line in
            switch line.kind {
            case .header(let label): Self.padded(label, to: labelWidth) + line.text
            case .link(let reference): Self.padded(reference, to: referenceWidth) + line.text
            case .text, .linksHeading, .picture: line.text
            case .blank: ""
            }
        }.joined(separator: "\n") + "\n"
    }

    /// `text` in pieces of at most `width` columns (by display width; a wide character that
    /// would straddle the edge starts the next piece).
    static func broken(_ text: String, width: Int) -> [String] {
        guard width > 1, DisplayWidth.of(text) > width else { return [text] }
        var pieces: [String] = []
        var piece = ""
        var used = 0
        for character in text {
            let characterWidth = DisplayWidth.of(character)
            if used + characterWidth > width, !piece.isEmpty {
                pieces.append(piece)
                piece = ""
                used = 0
            }
            piece.append(character)
            used += characterWidth
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }

    /// `text` and spaces up to `width` columns.
    public static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
    }

    private struct Field {
        var label: String
        var tokens: [String]
        var isLink = false
        var emphasis: Line.Emphasis?
    }

    /// `Blog`, or `Blog (also in Planet, Lobsters)` for an article other feeds carry too.
    private static func feeds(_ detail: ItemDetail) -> String {
        detail.alsoIn.isEmpty ? detail.feedTitle : detail.feedTitle + " (also in " + detail.alsoIn.joined(separator: ", ") + ")"
    }
}

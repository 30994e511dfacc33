import FeedIPC

/// Writes an item as an article (header, text, link references) or as JSON. Every string from
/// the daemon passes `TerminalText.sanitize` (header values, links) or `sanitizeBlock` (the
/// rendered text) here before it is written.
public final class TerminalShowItemView: ShowItemView {
    private let terminal: any Terminal
    private let format: OutputFormat

    public init(terminal: any Terminal, format: OutputFormat) {
        self.terminal = terminal
        self.format = format
    }

    public func showItem(_ detail: ItemDetail) {
        switch format {
        case .json: terminal.write(Self.json(detail).text + "\n")
        case .table, .plain: terminal.writePaged(article(detail))
        }
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }

    // MARK: - Article

    /// How a header value may be broken across lines.
    private enum Breaking {
        /// Between words, and inside a word too long for a line (titles, names).
        case text
        /// Never inside a link: the link stays whole, on a line of its own if need be.
        case link
    }

    private struct HeaderField {
        var label: String
        var tokens: [String]
        var breaking: Breaking
        var style: TextStyle?
    }

    /// The header, a blank line and the text, then a blank line and `Links:` with one
    /// `[n] URL` a line. Header values are wrapped to the terminal width under their value
    /// column; links are never cut (see `Breaking.link`): one too long for the value column
    /// goes on the line after its label, from the first column.
    func article(_ detail: ItemDetail) -> String {
        var output = header(detail)
        let text = TerminalText.sanitizeBlock(detail.text)
        if !text.allSatisfy(\.isWhitespace) {
            output += "\n" + text + (text.hasSuffix("\n") ? "" : "\n")
        }
        if !detail.links.isEmpty {
            output += "\n" + terminal.styled("Links:", .dim) + "\n"
            let references = detail.links.indices.map { "[\($0 + 1)]" }
            let referenceWidth = references.map(\.count).max() ?? 0
            for (reference, link) in zip(references, detail.links) {
                let padding = String(repeating: " ", count: referenceWidth - reference.count + 1)
                output += terminal.styled(reference, .dim) + padding + TerminalText.sanitize(link) + "\n"
            }
        }
        return output
    }

    private func header(_ detail: ItemDetail) -> String {
        var fields = [
            HeaderField(label: "Feed:", tokens: WordWrap.words(TerminalText.sanitize(feeds(detail))), breaking: .text),
            HeaderField(
                label: "Title:", tokens: WordWrap.words(TerminalText.sanitize(detail.displayTitle)), breaking: .text,
                style: detail.titleIsExcerpt ? .italic : .bold),
        ]
        if let author = detail.author {
            fields.append(HeaderField(label: "Author:", tokens: WordWrap.words(TerminalText.sanitize(author)), breaking: .text))
        }
        fields.append(HeaderField(label: "Date:", tokens: WordWrap.words(TerminalText.sanitize(detail.dateText)), breaking: .text))
        if !detail.tags.isEmpty {
            fields.append(HeaderField(label: "Tags:", tokens: WordWrap.words(TerminalText.sanitize(detail.tags.joined(separator: ", "))), breaking: .text))
        }
        if let link = detail.link {
            fields.append(HeaderField(label: "Link:", tokens: [TerminalText.sanitize(link)], breaking: .link))
        }
        for attachment in detail.attachments {
            let facts = [attachment.type.map(TerminalText.sanitize), attachment.size, attachment.playingTime]
                .compactMap { $0 }.filter { !$0.isEmpty }
            // The facts wrap at their spaces (a narrow terminal); the URL is never cut.
            let tokens = [TerminalText.sanitize(attachment.url)] + (facts.isEmpty ? [] : WordWrap.words("(" + facts.joined(separator: ", ") + ")"))
            fields.append(HeaderField(label: "Enclosure:", tokens: tokens, breaking: .link))
        }

        let labelWidth = (fields.map(\.label.count).max() ?? 0) + 1
        let valueWidth = max(10, terminal.width - labelWidth)
        let indent = String(repeating: " ", count: labelWidth)
        var output = ""
        for field in fields {
            if field.breaking == .link, let url = field.tokens.first, DisplayWidth.of(url) > valueWidth {
                // A link too long for the value column gets a line of its own, from the first
                // column, where it runs past the edge only when it is longer than the terminal.
                output += terminal.styled(field.label, .dim) + "\n" + url + "\n"
                let rest = Array(field.tokens.dropFirst())
                if !rest.isEmpty {
                    for line in WordWrap.lines(rest, width: valueWidth, breakLongTokens: true) { output += indent + line + "\n" }
                }
                continue
            }
            // A link here fits the value column, so it is never broken; what follows it may be.
            let lines = WordWrap.lines(field.tokens, width: valueWidth, breakLongTokens: true)
            for (index, line) in lines.enumerated() {
                if index == 0 {
                    let padding = String(repeating: " ", count: labelWidth - field.label.count)
                    output += terminal.styled(field.label, .dim) + padding
                } else {
                    output += indent
                }
                output += (field.style.map { terminal.styled(line, $0) } ?? line) + "\n"
            }
        }
        return output
    }

    // MARK: - JSON

    /// `{"number","title","link","feed","feedNumber","author","published","read","starred",
    /// "enclosures":[{"url","type","length","duration"}],"text","links","tags","excerpt"}` (docs/json.md).
    static func json(_ detail: ItemDetail) -> JSONValue {
        .object([
            ("number", .int(detail.number)),
            ("title", .string(TerminalText.sanitize(detail.title))),
            ("link", .optional(detail.link.map(TerminalText.sanitize))),
            ("feed", .string(TerminalText.sanitize(detail.feedTitle))),
            ("feedNumber", .int(detail.feedNumber)),
            ("author", .optional(detail.author.map(TerminalText.sanitize))),
            ("published", .optional(detail.published)),
            ("read", .bool(detail.isRead)),
            ("starred", .bool(detail.isStarred)),
            ("enclosures", .array(detail.attachments.map { attachment in
                .object([
                    ("url", .string(TerminalText.sanitize(attachment.url))),
                    ("type", .optional(attachment.type.map(TerminalText.sanitize))),
                    ("length", attachment.length.map(JSONValue.int) ?? .null),
                    ("duration", attachment.duration.map(JSONValue.int) ?? .null),
                ])
            })),
            ("text", .string(TerminalText.sanitizeBlock(detail.text))),
            ("links", .array(detail.links.map { .string(TerminalText.sanitize($0)) })),
            ("tags", .array(detail.tags.map { .string(TerminalText.sanitize($0)) })),
            ("excerpt", .optional(detail.excerpt.map(TerminalText.sanitize))),
        ])
    }

    /// `Blog`, or `Blog (also in Planet, Lobsters)` for an article other feeds carry too.
    private func feeds(_ detail: ItemDetail) -> String {
        detail.alsoIn.isEmpty ? detail.feedTitle : detail.feedTitle + " (also in " + detail.alsoIn.joined(separator: ", ") + ")"
    }
}

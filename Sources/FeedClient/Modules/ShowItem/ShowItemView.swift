import FeedEntities

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
        case .table, .plain:
            // Pictures are drawn by the terminal itself, which no pager passes on.
            if detail.pictures.isEmpty { terminal.writePaged(article(detail)) } else { terminal.write(article(detail)) }
        }
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }

    // MARK: - Article

    /// The article as `ArticleLayout` lays it out at the terminal's width, links never cut
    /// (the terminal wraps a long one itself, and it can still be copied), labels, `Links:`
    /// and the references dim, the title bold (italic when it is the text's first words).
    func article(_ detail: ItemDetail) -> String {
        let layout = ArticleLayout(detail, width: terminal.width, links: .whole)
        var output = ""
        var drawn = Set<Int>()
        for line in layout.lines {
            defer {
                if case .text = line.kind, !detail.pictures.isEmpty {
                    output += pictures(endingIn: line.text, of: detail, drawn: &drawn)
                }
            }
            switch line.kind {
            case .header(let label):
                let value: String = switch line.emphasis {
                case .title?: terminal.styled(line.text, .bold)
                case .excerpt?: terminal.styled(line.text, .italic)
                case .heading?, .quote?, nil: line.text
                }
                let padding = line.text.isEmpty ? "" : String(repeating: " ", count: max(0, layout.labelWidth - label.count))
                output += (label.isEmpty ? "" : terminal.styled(label, .dim)) + padding + value
            case .link(let reference):
                let padding = String(repeating: " ", count: max(0, layout.referenceWidth - reference.count))
                output += (reference.isEmpty ? "" : terminal.styled(reference, .dim)) + padding + line.text
            case .linksHeading:
                output += terminal.styled(line.text, .dim)
            case .text:
                // Headings bold and quotes dim where the terminal has styles: the daemon's
                // underlines and `> ` mark them on any other.
                switch line.emphasis {
                case .heading?: output += terminal.styled(line.text, .bold)
                case .quote?: output += terminal.styled(line.text, .dim)
                default: output += line.text
                }
            case .blank, .picture:
                break
            }
            output += "\n"
        }
        return output
    }

    /// The pictures whose numbers `text` holds (`[image: alt][2]`), each drawn once, below it;
    /// one the daemon could not draw as a line saying why.
    private func pictures(endingIn text: String, of detail: ItemDetail, drawn: inout Set<Int>) -> String {
        var output = ""
        for number in ArticlePictures.references(in: text) where !drawn.contains(number) {
            guard let picture = detail.pictures[number] else { continue }
            drawn.insert(number)
            if let failure = picture.failure {
                output += terminal.styled("[image \(number) not drawn: \(TerminalText.sanitize(failure))]", .dim) + "\n"
            } else {
                output += picture.drawing(id: 1000 + number)
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
            ("shown", .string(detail.shownText.rawValue)),
            ("article", detail.article.map(articleJSON) ?? .null),
            ("images", .array(detail.imageLinks.map { .string(TerminalText.sanitize($0)) })),
        ])
    }

    /// `{"status","url","title","byline","siteName","fetched","extracted","error","truncated",
    /// "images"}`: the article kept from the item's page (docs/json.md); its text is `text` when
    /// `shown` is `article`.
    static func articleJSON(_ article: ItemArticle) -> JSONValue {
        .object([
            ("status", .string(article.status.rawValue)),
            ("url", .string(TerminalText.sanitize(article.url))),
            ("title", .optional(article.title.map(TerminalText.sanitize))),
            ("byline", .optional(article.byline.map(TerminalText.sanitize))),
            ("siteName", .optional(article.siteName.map(TerminalText.sanitize))),
            ("fetched", .string(DateText.iso8601(article.fetchedAt))),
            ("extracted", .optional(article.extractedAt.map(DateText.iso8601))),
            ("error", .optional(article.error.map(TerminalText.sanitize))),
            ("truncated", .bool(article.truncated)),
            ("images", .array(article.images.map { .string(TerminalText.sanitize($0)) })),
        ])
    }
}

import FeedEntities

/// Draws the article: header labels set apart, the text as the daemon wrapped it, link
/// references under it, and what `/` found (`search-match`, reverse video by default).
@MainActor
public final class ScreenReaderArticleView: ReaderArticleView {
    private let screen: any Screen

    public init(screen: any Screen) {
        self.screen = screen
    }

    public var textRows: Int { ReaderChrome.listRows(on: screen) }

    /// One column of margin on the right: a line that fills the last column makes some
    /// terminals wrap.
    public var textColumns: Int { max(10, screen.size.columns - 1) }

    public func show(_ model: ReaderArticleModel) {
        ReaderChrome.drawTitle(model.title, position: model.position, on: screen)
        var row = 1
        for line in model.lines {
            screen.clearLine(row: row, from: 0, style: CellStyle(.article))
            switch line.kind {
            case .header(let label):
                let column = screen.put(label, row: row, column: 0, style: .part(.header, of: .article))
                let style = CellStyle(.article).with(line.emphasis == .title ? .articleTitle : line.emphasis == .excerpt ? .excerpt : nil)
                put(TerminalText.sanitize(line.text), row: row, column: max(column, model.labelWidth), style: style, model.highlight)
            case .text:
                // A line of the article as the daemon laid it out: its spaces are its layout
                // (the indentation of code), so it is cleaned as a block, as `show` does; a line
                // separator inside it stays on this row.
                let text = TerminalText.sanitizeBlock(line.text).split(separator: "\n", omittingEmptySubsequences: false)
                    .joined(separator: " ")
                switch line.emphasis {
                case .heading?: put(text, row: row, column: 0, style: .part(.heading, of: .article), model.highlight)
                case .quote?: put(text, row: row, column: 0, style: .part(.quote, of: .article), model.highlight)
                default: putText(text, row: row, highlight: model.highlight)
                }
            case .linksHeading:
                screen.put(TerminalText.sanitize(line.text), row: row, column: 0, style: .part(.header, of: .article))
            case .link(let reference):
                let column = screen.put(reference, row: row, column: 0, style: .part(.linkNumber, of: .article))
                put(
                    TerminalText.sanitize(line.text), row: row, column: max(column, model.referenceWidth), style: .part(.link, of: .article),
                    model.highlight)
            case .picture:
                // A picture's rows stay blank for it; a line stands in where it is not drawn.
                if !line.text.isEmpty {
                    screen.put(TerminalText.sanitize(line.text), row: row, column: 0, style: CellStyle(.article).with(.excerpt))
                }
            case .blank:
                break
            }
            row += 1
        }
        ReaderChrome.clearRows(from: row, on: screen)
        // Last: drawing a row takes away a picture over it.
        for picture in model.pictures {
            var placed = picture
            placed.row += 1
            screen.place(placed)
        }
    }

    /// Writes a line of text with its inline code (between backticks, as the daemon renders
    /// `<code>`) set apart; a lone backtick is just a character.
    private func putText(_ text: String, row: Int, highlight: String?) {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count >= 3 else {
            put(text, row: row, column: 0, style: CellStyle(.article), highlight)
            return
        }
        var column = 0
        for (index, part) in parts.enumerated() {
            let isCode = index % 2 == 1 && index < parts.count - 1
            let shown = isCode ? "`" + part + "`" : String(part)
            let style = CellStyle(.article).with(isCode ? .code : nil)
            // An odd backtick at the end stays as written.
            let text = !isCode && index % 2 == 1 ? "`" + part : shown
            column = putReturningColumn(text, row: row, column: column, style: style, highlight)
        }
    }

    private func putReturningColumn(_ text: String, row: Int, column: Int, style: CellStyle, _ highlight: String?) -> Int {
        put(text, row: row, column: column, style: style, highlight)
        return column + DisplayWidth.of(text)
    }

    /// Writes `text` with each occurrence of `highlight` (in any case) marked as a match.
    private func put(_ text: String, row: Int, column: Int, style: CellStyle, _ highlight: String?) {
        guard let highlight, !highlight.isEmpty else {
            screen.put(text, row: row, column: column, style: style)
            return
        }
        var column = column
        var from = text.startIndex
        for found in CaselessMatch.ranges(of: highlight, in: text[...]) {
            column = screen.put(String(text[from..<found.lowerBound]), row: row, column: column, style: style)
            column = screen.put(String(text[found]), row: row, column: column, style: style.with(.searchMatch))
            from = found.upperBound
        }
        screen.put(String(text[from...]), row: row, column: column, style: style)
    }
}

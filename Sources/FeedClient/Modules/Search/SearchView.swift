import FeedEntities

/// Writes search hits as a table, plain lines or JSON: the rows of `tidings list`
/// (`ItemRowRenderer`), with the matching words highlighted and a snippet under each hit on a
/// terminal. Every string from the daemon is sanitised here or in the renderer.
public final class TerminalSearchView: SearchView {
    private let terminal: any Terminal
    private let format: OutputFormat
    private let renderer: ItemRowRenderer

    public init(terminal: any Terminal, format: OutputFormat) {
        self.terminal = terminal
        self.format = format
        self.renderer = ItemRowRenderer(terminal: terminal)
    }

    public func showHits(_ rows: [SearchHitRow], emptyNote: String, partial: PartialSearch?) {
        if let partial { terminal.writeNote(partial.note) }
        terminal.writeListing(
            format: format, isEmpty: rows.isEmpty, emptyNote: emptyNote,
            json: { Self.json(rows, partial: partial) }, table: { table(rows) },
            plain: { rows.map { ItemRowRenderer.plainLine($0.item) }.joined() })
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }

    // MARK: - Formats

    /// The list row (`ItemRowRenderer.layout`) with the title's matches highlighted (bold for
    /// the rest when unread), and under it, from the date column, the dim snippet fitted to the width.
    private func table(_ rows: [SearchHitRow]) -> String {
        let layout = renderer.layout(for: rows.map(\.item))
        let snippetWidth = max(10, terminal.width - layout.indent)
        var output = ""
        for row in rows {
            let title = TerminalMatchedText.truncate(TerminalMatchedText.sanitize(row.title), toWidth: layout.titleWidth)
            // The first words standing in for a missing title hold no match to highlight.
            let shownTitle = row.item.titleIsExcerpt
                ? renderer.styledTitle(title.plain, of: row.item)
                : TerminalMatchedText.render(title, style: row.item.isRead ? nil : .bold, on: terminal)
            output += renderer.columns(row.item, layout: layout) + shownTitle + "\n"
            let snippet = TerminalMatchedText.sanitize(row.snippet)
            if !snippet.pieces.isEmpty {
                let fitted = TerminalMatchedText.truncate(snippet, toWidth: snippetWidth)
                output += String(repeating: " ", count: layout.indent)
                    + TerminalMatchedText.render(fitted, style: .dim, on: terminal) + "\n"
            }
        }
        return output
    }

    /// `{"hits":[{…the list item keys…,"snippet"}],"partial","unindexed"}`; the snippet is
    /// plain text (docs/json.md). `unindexed` is 0 for a complete search, and null for a
    /// partial one when the daemon did not say how many items wait.
    static func json(_ rows: [SearchHitRow], partial: PartialSearch? = nil) -> JSONValue {
        .object([
            ("hits", .array(rows.map { row in
                ItemRowRenderer.jsonObject(row.item, extra: [("snippet", .string(TerminalMatchedText.sanitize(row.snippet).plain))])
            })),
            ("partial", .bool(partial != nil)),
            ("unindexed", partial.map { $0.unindexed.map { .int(Int64($0)) } ?? .null } ?? .int(0)),
        ])
    }
}

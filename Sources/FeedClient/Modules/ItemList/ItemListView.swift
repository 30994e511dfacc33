/// Writes the item listing as a table, plain lines or JSON. Every string from the daemon
/// passes `TerminalText.sanitize` here before it is written.
public final class TerminalItemListView: ItemListView {
    private let terminal: any Terminal
    private let format: OutputFormat

    public init(terminal: any Terminal, format: OutputFormat) {
        self.terminal = terminal
        self.format = format
    }

    public func showItems(_ rows: [ItemRow], emptyNote: String) {
        terminal.writeListing(
            format: format, isEmpty: rows.isEmpty, emptyNote: emptyNote,
            json: { Self.json(rows) }, table: { table(rows) }, plain: { Self.plain(rows) })
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }

    // MARK: - Formats

    /// ` 12 N 2026-11-22 11:00  Feed title    Item title`, fitted to the terminal width; `N`
    /// marks unread items. The feed column gives way first when the terminal is narrow.
    private func table(_ rows: [ItemRow]) -> String {
        let numbers = rows.map { String($0.number) }
        let feeds = rows.map { TerminalText.sanitize($0.feedTitle) }
        let numberWidth = numbers.map(\.count).max() ?? 1
        let dateWidth = 16
        let remaining = terminal.width - (numberWidth + 3 + dateWidth + 2)
        var feedWidth = 0
        var titleWidth = max(10, remaining)
        if remaining >= 30 {
            feedWidth = min(feeds.map(DisplayWidth.of).max() ?? 0, max(8, remaining / 3))
            titleWidth = remaining - feedWidth - 2
        }

        var output = ""
        for (index, row) in rows.enumerated() {
            output += DisplayWidth.fit(numbers[index], toWidth: numberWidth, alignRight: true)
            output += row.isRead ? "   " : " N "
            output += DisplayWidth.fit(TerminalText.sanitize(row.localDate), toWidth: dateWidth) + "  "
            if feedWidth > 0 { output += DisplayWidth.fit(feeds[index], toWidth: feedWidth) + "  " }
            output += DisplayWidth.truncate(TerminalText.sanitize(row.displayTitle), toWidth: titleWidth) + "\n"
        }
        return output
    }

    /// number, date (ISO 8601 UTC), feed title, title, link: tab-separated, one item a line.
    private static func plain(_ rows: [ItemRow]) -> String {
        rows.map { row in
            [
                String(row.number), row.date, TerminalText.sanitize(row.feedTitle),
                TerminalText.sanitize(row.title), TerminalText.sanitize(row.link ?? ""),
            ].joined(separator: "\t") + "\n"
        }.joined()
    }

    /// `{"items":[{"number","title","link","feed","feedNumber","author","published","read"}]}`
    /// (docs/json.md).
    static func json(_ rows: [ItemRow]) -> JSONValue {
        .object([
            ("items", .array(rows.map { row in
                .object([
                    ("number", .int(row.number)),
                    ("title", .string(TerminalText.sanitize(row.title))),
                    ("link", .optional(row.link.map(TerminalText.sanitize))),
                    ("feed", .string(TerminalText.sanitize(row.feedTitle))),
                    ("feedNumber", .int(row.feedNumber)),
                    ("author", .optional(row.author.map(TerminalText.sanitize))),
                    ("published", .optional(row.published)),
                    ("read", .bool(row.isRead)),
                ])
            }))
        ])
    }
}

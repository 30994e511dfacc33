import FeedEntities

/// Writes saved views as aligned lines, tab-separated lines or JSON. Every string from the
/// daemon passes `TerminalText.sanitize` here before it is written.
public final class TerminalQueryFeedsView: QueryFeedsView {
    private let terminal: any Terminal
    private let format: OutputFormat

    public init(terminal: any Terminal, format: OutputFormat) {
        self.terminal = terminal
        self.format = format
    }

    public func showViews(_ rows: [ViewRow]) {
        switch format {
        case .table:
            guard !rows.isEmpty else {
                return terminal.write("no views (tidings view add NAME QUERY, or 'views:' in config.yaml)\n")
            }
            terminal.write(table(rows))
        case .plain:
            terminal.write(rows.map(Self.plainLine).joined())
        case .json:
            terminal.write(JSONValue.object([("views", .array(rows.map(Self.json)))]).text + "\n")
        }
    }

    public func showChanged(_ message: String, view: ViewRow, replaced: ViewRow?) {
        guard format == .json else { return terminal.writeLine(TerminalText.sanitize(message)) }
        terminal.write(JSONValue.object([("view", Self.json(view)), ("replaced", replaced.map(Self.json) ?? .null)]).text + "\n")
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }

    // MARK: - Formats

    /// `name  unread/total  query`, the name column at most a third of the width (at least 8
    /// columns), the counts right-aligned, the query ending the line (cut to fit), and
    /// `(config)` after the views of the config file.
    private func table(_ rows: [ViewRow]) -> String {
        let names = rows.map { TerminalText.sanitize($0.name) }
        let nameWidth = min(names.map(DisplayWidth.of).max() ?? 0, max(8, terminal.width / 3))
        let counts = rows.map(Self.counts)
        let countWidth = counts.map(\.count).max() ?? 0
        var output = ""
        for ((row, name), count) in zip(zip(rows, names), counts) {
            let fitted = DisplayWidth.truncate(name, toWidth: nameWidth)
            let padding = String(repeating: " ", count: nameWidth - DisplayWidth.of(fitted))
            let mark = row.origin == SavedView.Origin.config.rawValue ? "  (config)" : ""
            let room = max(10, terminal.width - nameWidth - countWidth - 4 - mark.count)
            let countText = String(repeating: " ", count: countWidth - count.count) + count
            let unread = (row.unread ?? 0) > 0
            output += (unread ? terminal.styled(fitted, .bold) : fitted) + padding + "  " + countText + "  "
                + DisplayWidth.truncate(TerminalText.sanitize(row.query), toWidth: room) + mark + "\n"
        }
        return output
    }

    /// `3/12`, unread of all; `-` for a view the daemon could not count.
    private static func counts(_ row: ViewRow) -> String {
        guard let unread = row.unread, let total = row.total else { return "-" }
        return "\(unread)/\(total)"
    }

    /// `name<TAB>unread<TAB>total<TAB>query<TAB>origin` (empty counts for a view not counted).
    static func plainLine(_ row: ViewRow) -> String {
        [row.name, row.unread.map(String.init) ?? "", row.total.map(String.init) ?? "", row.query, row.origin]
            .map { TerminalText.sanitize($0).split(separator: "\t", omittingEmptySubsequences: false).joined(separator: " ") }
            .joined(separator: "\t") + "\n"
    }

    /// `{"name","query","origin","unread","total"}` (docs/json.md; the counts `null` where the
    /// daemon did not count: a change, a view whose query it no longer reads).
    static func json(_ row: ViewRow) -> JSONValue {
        .object([
            ("name", .string(TerminalText.sanitize(row.name))),
            ("query", .string(TerminalText.sanitize(row.query))),
            ("origin", .string(row.origin)),
            ("unread", row.unread.map { .int(Int64($0)) } ?? .null),
            ("total", row.total.map { .int(Int64($0)) } ?? .null),
        ])
    }
}

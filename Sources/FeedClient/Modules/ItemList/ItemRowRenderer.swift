import FeedIPC

/// How list, search and watch write an item: a table row, a plain line or a JSON object.
///
/// View-layer code that the three Views share, so an item reads the same everywhere and a
/// script can parse one command's lines like another's. Every string from the daemon passes
/// `TerminalText.sanitize` here.
public struct ItemRowRenderer {
    /// Column widths of a table of rows on one terminal.
    public struct Layout: Equatable, Sendable {
        public var numberWidth: Int
        /// `0` when the terminal is too narrow for a feed column.
        public var feedWidth: Int
        public var titleWidth: Int

        /// The columns before the date, where lines indented under a row start.
        public var indent: Int { numberWidth + 4 }
    }

    /// The local date and time, `2026-11-21 19:30`.
    static let dateWidth = 16

    private let terminal: any Terminal

    public init(terminal: any Terminal) {
        self.terminal = terminal
    }

    // MARK: - Table

    /// `12 N* 2026-11-21 19:30  Planet Terminal  Title` for each row, fitted to the terminal.
    public func table(_ rows: [ItemRow]) -> String {
        let layout = layout(for: rows)
        return rows.map { columns($0, layout: layout) + title($0, layout: layout) + "\n" }.joined()
    }

    /// Widths for `rows`: the number column as wide as the longest number, the title gets what
    /// is left; the feed column (at most a third of that) gives way first on narrow terminals.
    public func layout(for rows: [ItemRow]) -> Layout {
        let numberWidth = rows.map { String($0.number).count }.max() ?? 1
        let remaining = terminal.width - (numberWidth + 4 + Self.dateWidth + 2)
        guard remaining >= 30 else { return Layout(numberWidth: numberWidth, feedWidth: 0, titleWidth: max(10, remaining)) }
        let longestFeed = rows.map { DisplayWidth.of(TerminalText.sanitize($0.feedsText)) }.max() ?? 0
        let feedWidth = min(longestFeed, max(8, remaining / 3))
        return Layout(numberWidth: numberWidth, feedWidth: feedWidth, titleWidth: remaining - feedWidth - 2)
    }

    /// Everything before the title: number, state (`N` unread, `*` starred, in yellow), the
    /// date (dim) and the feed, each padded to its column.
    public func columns(_ row: ItemRow, layout: Layout) -> String {
        var output = DisplayWidth.fit(String(row.number), toWidth: layout.numberWidth, alignRight: true)
        output += row.isRead ? "  " : " N"
        output += row.isStarred ? terminal.styled("*", .yellow) + " " : "  "
        output += fit(TerminalText.sanitize(row.localDate), toWidth: Self.dateWidth, style: .dim) + "  "
        if layout.feedWidth > 0 {
            output += DisplayWidth.fit(TerminalText.sanitize(row.feedsText), toWidth: layout.feedWidth) + "  "
        }
        return output
    }

    /// The title cut to the title column (not padded: it ends the line), bold when unread.
    public func title(_ row: ItemRow, layout: Layout) -> String {
        let title = DisplayWidth.truncate(TerminalText.sanitize(row.displayTitle), toWidth: layout.titleWidth)
        return row.isRead ? title : terminal.styled(title, .bold)
    }

    /// `text` cut and padded to `width`, with only the text (not the padding) in `style`.
    private func fit(_ text: String, toWidth width: Int, style: TextStyle) -> String {
        let cut = DisplayWidth.truncate(text, toWidth: width)
        return terminal.styled(cut, style) + String(repeating: " ", count: max(0, width - DisplayWidth.of(cut)))
    }

    // MARK: - Plain and JSON

    /// number, date (ISO 8601 UTC), feed title (`, ` and the other feeds of the same article),
    /// title, link, state (`unread` or `read`, with `,starred` when starred): tab-separated,
    /// with a newline.
    public static func plainLine(_ row: ItemRow) -> String {
        [
            String(row.number), row.date, TerminalText.sanitize(row.feedsText),
            TerminalText.sanitize(row.title), TerminalText.sanitize(row.link ?? ""),
            (row.isRead ? "read" : "unread") + (row.isStarred ? ",starred" : ""),
        ].joined(separator: "\t") + "\n"
    }

    /// `{"number","title","link","feed","feedNumber","author","published","read","starred","alsoIn","tags"}`
    /// (docs/json.md, built by `ItemListDocument`, which the daemon's hooks share), with `extra`
    /// members after `starred`.
    public static func jsonObject(_ row: ItemRow, extra: [(String, JSONValue)] = []) -> JSONValue {
        ItemListDocument.object(entry(row), text: TerminalText.sanitize, extra: extra)
    }

    /// The row's members of a `tidings list --json` item.
    static func entry(_ row: ItemRow) -> ItemListDocument.Entry {
        ItemListDocument.Entry(
            number: row.number, title: row.title, link: row.link, feed: row.feedTitle, feedNumber: row.feedNumber,
            author: row.author, published: row.published, read: row.isRead, starred: row.isStarred, alsoIn: row.alsoIn,
            tags: row.tags)
    }
}

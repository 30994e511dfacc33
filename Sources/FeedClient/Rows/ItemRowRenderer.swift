import FeedEntities
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
        public var date: DateColumn
        /// `0` when the terminal is too narrow for a feed column.
        public var feedWidth: Int
        public var titleWidth: Int

        /// The columns before the date (or the title, without a date), where lines indented
        /// under a row start.
        public var indent: Int { numberWidth + 4 }
    }

    /// How the date column shows a row's date.
    public enum DateColumn: Equatable, Sendable {
        /// `2026-11-21 19:30` (`ItemRow.localDate`).
        case full
        /// `19:30`, `11-21` or `2025` (`ItemRow.shortDate`).
        case compact
        /// No date column.
        case none

        /// Columns the date takes, with the two spaces after it.
        var width: Int {
            switch self {
            case .full: 16 + 2
            case .compact: 5 + 2
            case .none: 0
            }
        }
    }

    /// Columns a title gets before the layout gives something else up for it (or all it needs,
    /// when every title is shorter).
    static let titleRoom = 25

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
    /// is left. When the title would get fewer than `titleRoom` columns (and fewer than its
    /// longest title needs), the columns give way in this order: the date shortens to 5 columns
    /// (`19:30`, `11-21`, `2025`), then the feed column goes, then the date. The feed column
    /// takes at most a third of what the date leaves (at least 8 columns).
    public func layout(for rows: [ItemRow]) -> Layout {
        let numberWidth = rows.map { String($0.number).count }.max() ?? 1
        let longestFeed = rows.map { DisplayWidth.of(TerminalText.sanitize($0.feedsText)) }.max() ?? 0
        let longestTitle = rows.map { DisplayWidth.of(TerminalText.sanitize($0.displayTitle)) }.max() ?? 0
        let wanted = min(longestTitle, Self.titleRoom)
        let candidates: [(DateColumn, withFeed: Bool)] = [(.full, true), (.compact, true), (.compact, false), (.none, false)]
        var layout = Layout(numberWidth: numberWidth, date: .none, feedWidth: 0, titleWidth: 0)
        for (date, withFeed) in candidates {
            let remaining = terminal.width - (numberWidth + 4 + date.width)
            let feedWidth = withFeed ? min(longestFeed, max(8, remaining / 3)) : 0
            layout = Layout(
                numberWidth: numberWidth, date: date, feedWidth: feedWidth,
                titleWidth: max(1, remaining - (feedWidth > 0 ? feedWidth + 2 : 0)))
            if layout.titleWidth >= wanted { break }
        }
        return layout
    }

    /// Everything before the title: number, state (`N` unread, `*` starred, in yellow), the
    /// date (dim) and the feed, each padded to its column.
    public func columns(_ row: ItemRow, layout: Layout) -> String {
        var output = DisplayWidth.fit(String(row.number), toWidth: layout.numberWidth, alignRight: true)
        output += row.isRead ? "  " : " N"
        output += row.isStarred ? terminal.styled("*", .yellow) + " " : "  "
        switch layout.date {
        case .full: output += fit(TerminalText.sanitize(row.localDate), toWidth: 16, style: .dim) + "  "
        case .compact: output += fit(TerminalText.sanitize(row.shortDate), toWidth: 5, style: .dim) + "  "
        case .none: break
        }
        if layout.feedWidth > 0 {
            output += DisplayWidth.fit(TerminalText.sanitize(row.feedsText), toWidth: layout.feedWidth) + "  "
        }
        return output
    }

    /// The title cut to the title column (not padded: it ends the line), bold when unread; the
    /// first words of an untitled item's text in italics.
    public func title(_ row: ItemRow, layout: Layout) -> String {
        let title = DisplayWidth.truncate(TerminalText.sanitize(row.displayTitle), toWidth: layout.titleWidth)
        return styledTitle(title, of: row)
    }

    /// `text` (a part of the row's title, already sanitised) styled as the title column styles it.
    public func styledTitle(_ text: String, of row: ItemRow) -> String {
        let shown = row.titleIsExcerpt ? terminal.styled(text, .italic) : text
        return row.isRead ? shown : terminal.styled(shown, .bold)
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

    /// `{"number","title","link","feed","feedNumber","author","published","read","starred","alsoIn","tags","excerpt"}`
    /// (docs/json.md, built by `ItemListDocument`, which the daemon's hooks share), with `extra`
    /// members after `starred`.
    public static func jsonObject(_ row: ItemRow, extra: [(String, JSONValue)] = []) -> JSONValue {
        ItemListDocument.object(entry(row), text: TerminalText.sanitize, extra: extra)
    }

    /// `{"items":[…]}`, the `tidings list --json` document (docs/json.md).
    public static func jsonDocument(_ rows: [ItemRow]) -> JSONValue {
        ItemListDocument.json(rows.map(entry), text: TerminalText.sanitize)
    }

    /// The row's members of a `tidings list --json` item.
    static func entry(_ row: ItemRow) -> ItemListDocument.Entry {
        ItemListDocument.Entry(
            number: row.number, title: row.title, link: row.link, feed: row.feedTitle, feedNumber: row.feedNumber,
            author: row.author, published: row.published, read: row.isRead, starred: row.isStarred, alsoIn: row.alsoIn,
            tags: row.tags, excerpt: row.excerpt)
    }
}

import FeedEntities

/// Draws the items screen: per row the item's number when asked for, the unread (`N`),
/// starred (`*`) and "also in" (`+`) markers, the date, the title and, in listings of several feeds, the feed; fitted to the
/// window's width by display width; or laid out as the config's `item_format` says.
@MainActor
public final class ScreenReaderItemsView: ReaderItemsView {
    private let screen: any Screen
    private let format: ListRowFormat?

    public init(screen: any Screen, format: ListRowFormat? = nil) {
        self.screen = screen
        self.format = format
    }

    public var listRows: Int { ReaderChrome.listRows(on: screen) }

    /// The narrowest window whose rows show `2026-11-21 19:30` rather than `11-21` or `2025`.
    static let fullDateWidth = 80

    public func show(_ model: ReaderItemsModel) {
        ReaderChrome.drawTitle(model.title, position: model.position, on: screen)
        var row = 1
        // As wide as the largest number on screen, at least four digits, so that the column
        // moves only past 9999.
        let numberWidth = model.showsNumbers ? max(4, model.rows.map { String($0.number).count }.max() ?? 0) : 0
        for (index, item) in model.rows.enumerated() {
            ReaderChrome.drawRow(
                segments(item, showsFeed: model.showsFeed, numberWidth: numberWidth), row: row, selected: index == model.selectedRow,
                unread: !item.isRead, on: screen)
            row += 1
        }
        if model.rows.isEmpty {
            screen.clearLine(row: 1)
            screen.put(TerminalText.sanitize(model.emptyText), row: 1, column: 1, style: CellStyle.part(.placeholder, of: .listNormal))
            row = 2
        }
        ReaderChrome.clearRows(from: row, on: screen)
    }

    private func segments(_ item: ItemRow, showsFeed: Bool, numberWidth: Int) -> [ReaderChrome.Segment] {
        let width = screen.size.columns
        // The whole date and time from 80 columns on (the title still gets 40 and more): the
        // 5-column form says only the year of anything older than half a year.
        let date = item.formattedDate ?? (width >= Self.fullDateWidth ? item.localDate : item.shortDate)
        if let format { return Self.segments(item, date: date, format: format, width: width) }
        let number = numberWidth > 0 ? String(repeating: " ", count: max(0, numberWidth - String(item.number).count)) + "\(item.number) " : ""
        var segments: [ReaderChrome.Segment] = [
            (number, [.itemNumber]),
            (item.isRead ? " " : "N", []),
            (item.isStarred ? "*" : " ", [.starred]),
            (item.alsoIn.isEmpty ? " " : "+", [.alsoIn]),
            (" " + DisplayWidth.fit(TerminalText.sanitize(date), toWidth: DisplayWidth.of(date)) + "  ", [.date]),
        ]
        let used = number.count + 4 + DisplayWidth.of(date) + 2
        let feedWidth = showsFeed && width >= 60 ? min(24, (width - used) / 4) : 0
        let titleWidth = max(0, width - used - (feedWidth > 0 ? feedWidth + 2 : 0))
        var titleParts: [ScreenElement] = item.isStarred ? [.starred] : []
        if item.titleIsExcerpt { titleParts.append(.excerpt) }
        let title = DisplayWidth.fit(TerminalText.sanitize(item.displayTitle), toWidth: titleWidth)
        segments.append((title, titleParts))
        if feedWidth > 0 {
            segments.append(("  " + DisplayWidth.truncate(TerminalText.sanitize(item.feedTitle), toWidth: feedWidth), [.feedTitle]))
        }
        return segments
    }

    /// The row as `item_format` lays it out.
    static func segments(_ item: ItemRow, date: String, format: ListRowFormat, width: Int) -> [ReaderChrome.Segment] {
        format.segments(width: width, shrinking: "t") { field in
            switch field {
            case "i": ListRowFormat.Value(String(item.number), [.itemNumber])
            case "f":
                ListRowFormat.Value(
                    (item.isRead ? " " : "N") + (item.isStarred ? "*" : " ") + (item.alsoIn.isEmpty ? " " : "+"),
                    item.isStarred ? [.starred] : [])
            case "n": ListRowFormat.Value(item.isRead ? " " : "N")
            case "D": ListRowFormat.Value(TerminalText.sanitize(date), [.date])
            case "t": ListRowFormat.Value(TerminalText.sanitize(item.displayTitle), (item.isStarred ? [.starred] : []) + (item.titleIsExcerpt ? [.excerpt] : []))
            case "T": ListRowFormat.Value(TerminalText.sanitize(item.feedTitle), [.feedTitle])
            case "a": ListRowFormat.Value(TerminalText.sanitize(item.author ?? ""))
            case "g": ListRowFormat.Value(item.tags.map { "#" + TerminalText.sanitize($0) }.joined(separator: " "), [.tags])
            default: ListRowFormat.Value("")
            }
        }
    }
}

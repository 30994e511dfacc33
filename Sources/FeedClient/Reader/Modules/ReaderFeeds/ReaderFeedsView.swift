import FeedEntities

/// Draws the feeds screen: per row a marker (`!` failing, `x` gone, else `s` synced), the
/// unread and total counts, the title and the tags, fitted to the window's width by display
/// width; or laid out as the config's `feed_format` says.
@MainActor
public final class ScreenReaderFeedsView: ReaderFeedsView {
    private let screen: any Screen
    private let format: ListRowFormat?

    public init(screen: any Screen, format: ListRowFormat? = nil) {
        self.screen = screen
        self.format = format
    }

    public var listRows: Int { ReaderChrome.listRows(on: screen) }

    public func show(_ model: ReaderFeedsModel) {
        ReaderChrome.drawTitle(model.title, position: model.position, on: screen)
        let countsWidth = model.entries.map { Self.counts(of: $0).count }.max() ?? 0
        var row = 1
        for index in model.cursor.top..<min(model.entries.count, model.cursor.top + listRows) {
            ReaderChrome.drawRow(
                segments(model.entries[index], countsWidth: countsWidth), row: row,
                selected: index == model.cursor.selected, unread: model.entries[index].unread > 0, on: screen)
            row += 1
        }
        if model.entries.isEmpty {
            screen.clearLine(row: 1)
            screen.put("No feeds yet: add one with 'tidings subscribe URL'", row: 1, column: 1, style: CellStyle.part(.placeholder, of: .listNormal))
            row = 2
        }
        ReaderChrome.clearRows(from: row, on: screen)
    }

    /// `(3/120)`, or `(3)` where the total is not counted.
    static func counts(of entry: ReaderFeedEntry) -> String {
        switch entry.kind {
        case .starred: "(\(entry.total ?? 0))"
        case .allUnread: "(\(entry.unread))"
        default: "(\(entry.unread)/\(entry.total ?? 0))"
        }
    }

    private func segments(_ entry: ReaderFeedEntry, countsWidth: Int) -> [ReaderChrome.Segment] {
        let width = screen.size.columns
        if let format { return Self.segments(entry, format: format, width: width) }
        let marker: ReaderChrome.Segment = switch entry.health {
        case .failing: ("!", [.failing])
        case .gone: ("x", [.gone])
        case .ok: entry.synced ? ("s", [.synced]) : (" ", [])
        }
        let counts = Self.counts(of: entry)
        let countsText = String(repeating: " ", count: max(0, countsWidth - counts.count)) + counts
        var indent = ""
        var titleParts: [ScreenElement] = []
        switch entry.kind {
        case .allUnread, .starred, .view: titleParts = [.view]
        case .tag: titleParts = [.tag]
        case .feed(_, let indented): indent = indented ? "  " : ""
        }
        let fixed = 1 + 1 + countsText.count + 1 + indent.count
        let title = TerminalText.sanitize(entry.title.isEmpty ? "(no title)" : entry.title)
        var segments: [ReaderChrome.Segment] = [marker, (" " + countsText + " " + indent, [])]
        let tags = entry.tags.isEmpty || width < 60 ? "" : "  " + entry.tags.map { "#" + TerminalText.sanitize($0) }.joined(separator: " ")
        let tagsWidth = min(DisplayWidth.of(tags), max(0, (width - fixed) / 3))
        let titleWidth = max(0, width - fixed - tagsWidth)
        segments.append((DisplayWidth.truncate(title, toWidth: titleWidth), titleParts))
        if tagsWidth > 0 {
            segments.append((String(repeating: " ", count: max(0, titleWidth - DisplayWidth.of(DisplayWidth.truncate(title, toWidth: titleWidth)))), []))
            segments.append((DisplayWidth.truncate(tags, toWidth: tagsWidth), [.tags]))
        }
        return segments
    }

    /// The row as `feed_format` lays it out.
    static func segments(_ entry: ReaderFeedEntry, format: ListRowFormat, width: Int) -> [ReaderChrome.Segment] {
        format.segments(width: width, shrinking: "t") { field in
            switch field {
            case "i":
                if case .feed(let number, _) = entry.kind { return ListRowFormat.Value(String(number)) }
                return ListRowFormat.Value("")
            case "n": return ListRowFormat.Value(entry.unread > 0 ? "N" : " ")
            case "S":
                switch entry.health {
                case .failing: return ListRowFormat.Value("!", [.failing])
                case .gone: return ListRowFormat.Value("x", [.gone])
                case .ok: return entry.synced ? ListRowFormat.Value("s", [.synced]) : ListRowFormat.Value(" ")
                }
            case "u": return ListRowFormat.Value(counts(of: entry))
            case "U": return ListRowFormat.Value(String(entry.unread))
            case "c": return ListRowFormat.Value(entry.total.map(String.init) ?? "")
            case "t":
                let parts: [ScreenElement] = switch entry.kind {
                case .allUnread, .starred, .view: [.view]
                case .tag: [.tag]
                case .feed: []
                }
                return ListRowFormat.Value(entry.title.isEmpty ? "(no title)" : TerminalText.sanitize(entry.title), parts)
            case "T": return ListRowFormat.Value(entry.tags.map { "#" + TerminalText.sanitize($0) }.joined(separator: " "), [.tags])
            default: return ListRowFormat.Value("")
            }
        }
    }
}

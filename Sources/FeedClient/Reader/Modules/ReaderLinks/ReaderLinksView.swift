import FeedEntities

/// Draws the link list: the label (`[3]`, `Link`, `Enclosure`) and the URL.
@MainActor
public final class ScreenReaderLinksView: ReaderLinksView {
    private let screen: any Screen

    public init(screen: any Screen) {
        self.screen = screen
    }

    public var listRows: Int { ReaderChrome.listRows(on: screen) }

    public func show(_ links: [ReaderLink], cursor: ListCursor) {
        ReaderChrome.drawTitle("Links", position: links.isEmpty ? "" : "\(cursor.selected + 1)/\(links.count)", on: screen)
        let labelWidth = links.map { DisplayWidth.of($0.label) }.max() ?? 0
        var row = 1
        for index in cursor.top..<min(links.count, cursor.top + listRows) {
            let link = links[index]
            ReaderChrome.drawRow([
                (DisplayWidth.fit(TerminalText.sanitize(link.label), toWidth: labelWidth) + "  ", [.linkNumber]),
                (TerminalText.sanitize(link.url), [.link]),
            ], row: row, selected: index == cursor.selected, on: screen)
            row += 1
        }
        ReaderChrome.clearRows(from: row, on: screen)
    }
}

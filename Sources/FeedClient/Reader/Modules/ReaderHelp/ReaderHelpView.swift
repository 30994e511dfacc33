import FeedEntities

/// Draws the help: keys, the action's name for `keys:`, and what it does; the summary is left
/// out on narrow windows rather than squeezed.
@MainActor
public final class ScreenReaderHelpView: ReaderHelpView {
    private let screen: any Screen

    public init(screen: any Screen) {
        self.screen = screen
    }

    public var listRows: Int { ReaderChrome.listRows(on: screen) }

    public func show(_ rows: [ReaderHelpRow], top: Int) {
        ReaderChrome.drawTitle("Help: keys", position: "", on: screen)
        let width = screen.size.columns
        let keysWidth = min(18, rows.map { DisplayWidth.of($0.keys) }.max() ?? 0)
        let actionWidth = min(24, rows.map { DisplayWidth.of($0.action) }.max() ?? 0)
        var row = 1
        for help in rows.dropFirst(top).prefix(listRows) {
            var segments: [ReaderChrome.Segment] = [
                (DisplayWidth.fit(TerminalText.sanitize(help.keys), toWidth: keysWidth) + "  ", [.helpKey]),
            ]
            if width >= keysWidth + actionWidth + 20 {
                segments.append((DisplayWidth.fit(help.action, toWidth: actionWidth) + "  ", [.helpAction]))
            }
            segments.append((help.summary, []))
            ReaderChrome.drawRow(segments, row: row, selected: false, on: screen)
            row += 1
        }
        ReaderChrome.clearRows(from: row, on: screen)
    }
}

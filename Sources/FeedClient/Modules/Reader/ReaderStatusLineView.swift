/// Draws the status line on the screen's last row: a message (red when it is an error), else
/// the refresh's progress and the key hints.
@MainActor
public final class ReaderStatusLineView: ReaderStatusView {
    private let screen: any Screen

    public init(screen: any Screen) {
        self.screen = screen
    }

    public func show(_ line: ReaderStatusLine) {
        let row = screen.size.rows - 1
        guard row >= 0 else { return }
        screen.clearLine(row: row)
        if let message = line.message {
            screen.put(TerminalText.sanitize(message), row: row, column: 0, style: line.isError ? [.red, .bold] : [.bold])
            return
        }
        var column = 0
        if let progress = line.progress {
            column = screen.put(TerminalText.sanitize(progress), row: row, column: 0, style: [.cyan])
            column += 2
        }
        screen.put(line.hints, row: row, column: column, style: [.dim])
    }
}

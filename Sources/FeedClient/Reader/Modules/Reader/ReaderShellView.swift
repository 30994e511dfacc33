/// The shell's View: the terminal as a whole. It draws the status line on the last row (a
/// message, red when it is an error, else the refresh's progress and the key hints), sends
/// each frame, and gives the terminal back.
@MainActor
public final class ScreenReaderShellView: ReaderShellView {
    private let terminal: any FullScreenTerminal

    public init(terminal: any FullScreenTerminal) {
        self.terminal = terminal
    }

    public var events: AsyncStream<TerminalEvent> { terminal.events }

    public func present(status line: ReaderStatusLine?) {
        if let line { draw(line) }
        terminal.present()
    }

    public func repaint() { terminal.repaint() }

    public func suspendJob() { terminal.suspendProcess() }

    public func end() { terminal.end() }

    private func draw(_ line: ReaderStatusLine) {
        let row = terminal.size.rows - 1
        guard row >= 0 else { return }
        terminal.clearLine(row: row)
        if let message = line.message {
            terminal.put(TerminalText.sanitize(message), row: row, column: 0, style: CellStyle(line.isError ? .error : .message))
            return
        }
        var column = 0
        if let progress = line.progress {
            column = terminal.put(TerminalText.sanitize(progress), row: row, column: 0, style: CellStyle(.progress))
            column += 2
        }
        terminal.put(line.hints, row: row, column: column, style: CellStyle(.hint))
    }
}

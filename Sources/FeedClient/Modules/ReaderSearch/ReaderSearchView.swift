/// Draws the prompt on the last row, the text's end visible when it is wider than the row.
@MainActor
public final class ScreenReaderSearchView: ReaderSearchView {
    private let screen: any Screen

    public init(screen: any Screen) {
        self.screen = screen
    }

    public func show(prompt: String, text: String) {
        let row = screen.size.rows - 1
        let width = screen.size.columns
        // The sanitiser trims the end; the space after the colon belongs to the layout.
        let shownPrompt = TerminalText.sanitize(prompt) + (prompt.last?.isWhitespace == true ? " " : "")
        var shownText = TerminalText.sanitize(text)
        let room = max(1, width - DisplayWidth.of(shownPrompt) - 1)
        while DisplayWidth.of(shownText) > room { shownText.removeFirst() }
        screen.clearLine(row: row)
        let column = screen.put(shownPrompt, row: row, column: 0, style: [.bold])
        let end = screen.put(shownText, row: row, column: column, style: [])
        screen.placeCursor(at: (row: row, column: min(end, width - 1)))
    }
}

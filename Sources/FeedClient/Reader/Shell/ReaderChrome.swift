import FeedEntities

/// What every screen of the reader draws alike: the title bar on the first row, the list rows
/// between it and the status line, and the cursor's row (`listfocus`, reverse video unless
/// `colors:` says otherwise).
@MainActor
public enum ReaderChrome {
    /// Rows between the title bar and the status line.
    public static func listRows(on screen: any Screen) -> Int {
        max(1, screen.size.rows - 2)
    }

    /// Draws the title bar (`info`): `Tidings › title` on the left, `position` on the right.
    public static func drawTitle(_ title: String, position: String, on screen: any Screen) {
        let width = screen.size.columns
        let right = TerminalText.sanitize(position)
        let rightWidth = right.isEmpty ? 0 : DisplayWidth.of(right) + 1
        let left = DisplayWidth.truncate(" " + TerminalText.sanitize(title), toWidth: max(0, width - rightWidth))
        screen.clearLine(row: 0, from: 0, style: CellStyle(.info))
        screen.put(left, row: 0, column: 0, style: CellStyle(.info))
        if !right.isEmpty, width - rightWidth > DisplayWidth.of(left) {
            screen.put(right, row: 0, column: width - rightWidth, style: CellStyle(.info))
        }
    }

    /// One cell run of a row: text already sanitised and fitted, and the parts of the row it
    /// is (none, one, or one with a mark over it: a starred title made from the text).
    public typealias Segment = (text: String, parts: [ScreenElement])

    /// Draws `segments` on `row`, clipped at the right edge, over the row's element: the
    /// cursor's (`listfocus`) filling the row to its end, `_unread` for a row with unread items.
    public static func drawRow(_ segments: [Segment], row: Int, selected: Bool, unread: Bool = false, on screen: any Screen) {
        let base: ScreenElement = switch (selected, unread) {
        case (true, true): .listFocusUnread
        case (true, false): .listFocus
        case (false, true): .listNormalUnread
        case (false, false): .listNormal
        }
        screen.clearLine(row: row, from: 0, style: CellStyle(base))
        var column = 0
        for segment in segments where !segment.text.isEmpty {
            column = screen.put(segment.text, row: row, column: column, style: CellStyle(base, parts: segment.parts))
            if column >= screen.size.columns { break }
        }
    }

    /// Draws a prompt on the last row (`prompt`): the question, then `text` with the cursor after it,
    /// the text's end visible when it is wider than the row.
    public static func drawPrompt(_ prompt: String, text: String, on screen: any Screen) {
        let row = screen.size.rows - 1
        let width = screen.size.columns
        // The sanitiser trims the end; the space after the colon belongs to the layout.
        let shownPrompt = TerminalText.sanitize(prompt) + (prompt.last?.isWhitespace == true ? " " : "")
        var shownText = TerminalText.sanitize(text)
        let room = max(1, width - DisplayWidth.of(shownPrompt) - 1)
        while DisplayWidth.of(shownText) > room { shownText.removeFirst() }
        screen.clearLine(row: row)
        let column = screen.put(shownPrompt, row: row, column: 0, style: CellStyle(.prompt))
        let end = screen.put(shownText, row: row, column: column, style: .plain)
        screen.placeCursor(at: (row: row, column: min(end, width - 1)))
    }

    /// Blanks the list rows from `row` down to the status line.
    public static func clearRows(from row: Int, on screen: any Screen) {
        guard row < screen.size.rows - 1 else { return }
        for blank in row..<(screen.size.rows - 1) { screen.clearLine(row: blank) }
    }
}

/// A grid of character cells the reader's Views draw into: the terminal in full-screen mode
/// (`CursesTerminal`), or an in-memory grid in tests (`MemoryScreen`).
///
/// Drawing changes only the grid; `present()` makes the terminal show it, sending only the
/// cells that differ from what it shows (no flicker). Views write whole lines: each row they
/// own is put and then cleared to its end. Main-actor isolated: the terminal is one resource
/// and curses is not thread-safe.
@MainActor
public protocol Screen: AnyObject {
    /// Rows and columns of the grid now; changes after a `TerminalEvent.resized`.
    var size: ScreenSize { get }

    /// Whether the palette's colours are drawn; attributes such as bold and reverse always
    /// are. Off with `NO_COLOR`, `--color never` or a terminal without colours.
    var usesColor: Bool { get }

    /// Writes `text` from `column` on `row` in `style` (as the screen's `ScreenPalette` has
    /// its elements look), clipped at the right edge by display
    /// width (a wide character that would straddle the edge is left out). `text` must already
    /// be sanitised (`TerminalText.sanitize`): no control characters reach the grid.
    /// Positions outside the grid draw nothing.
    /// - Returns: the column after the last cell written.
    @discardableResult
    func put(_ text: String, row: Int, column: Int, style: CellStyle) -> Int

    /// Blanks `row` from `column` to its end, in `style` (a title bar fills its row).
    func clearLine(row: Int, from column: Int, style: CellStyle)

    /// Shows `picture` over its cells from the next `present()` on, for as long as nothing is
    /// put or cleared on one of its rows: the View blanks those rows, then places it; a frame
    /// that places it again at the same cells sends nothing. The terminal draws it with its
    /// graphics protocol (a sixel only when whole); `MemoryScreen` notes it.
    func place(_ picture: ScreenPicture)

    /// Shows the cursor at a cell (a prompt being typed in), or hides it with `nil`.
    func placeCursor(at position: (row: Int, column: Int)?)

    /// Sends what changed since the last call to the terminal.
    func present()
}

extension Screen {
    /// Blanks a whole row in the background's look.
    public func clearLine(row: Int) {
        clearLine(row: row, from: 0, style: .plain)
    }
}

/// A `Screen` that is a grid of cells in memory: what the reader's Views draw, readable by tests
/// (`text(row:)`, `style(row:column:)`, `element(row:column:)`) without a terminal.
///
/// Clips exactly as `CursesTerminal` does (`ClippedText`): display widths, a wide character takes
/// two cells (the second a continuation), one that would straddle the right edge is left out.
/// Writing over half of a wide character blanks its other half, as a terminal does.
@MainActor
public final class MemoryScreen: Screen {
    /// One cell of the grid.
    public enum Content: Equatable, Sendable {
        /// A grapheme cluster starting here, one or two cells wide.
        case character(Character, width: Int)
        /// The second cell of the wide character to its left.
        case continuation
    }

    private struct Cell: Equatable {
        var content: Content = .character(" ", width: 1)
        var style: CellStyle = .plain
    }

    public private(set) var size: ScreenSize
    public let usesColor: Bool
    public let palette: ScreenPalette
    /// Where the cursor is shown; `nil` while it is hidden.
    public private(set) var cursor: (row: Int, column: Int)?
    /// How many times `present()` was called.
    public private(set) var presentCount = 0
    /// The pictures placed and not drawn over since, as `CursesTerminal` keeps them.
    public private(set) var pictures: [ScreenPicture] = []

    private var cells: [[Cell]]

    /// A blank grid of `size`.
    /// - Parameters:
    ///   - usesColor: when `false`, looks are without their colours, as on a terminal without colours.
    ///   - palette: how elements look (`style(row:column:)`).
    public init(size: ScreenSize, usesColor: Bool = true, palette: ScreenPalette = .standard) {
        self.size = size
        self.usesColor = usesColor
        self.palette = palette
        cells = Self.blankGrid(size)
    }

    @discardableResult
    public func put(_ text: String, row: Int, column: Int, style: CellStyle) -> Int {
        let clipped = ClippedText(text, row: row, column: column, size: size)
        if !clipped.cells.isEmpty { pictures.drawn(onRow: row) }
        for cell in clipped.cells {
            breakWideCharacters(row: row, columns: cell.column..<(cell.column + cell.width))
            cells[row][cell.column] = Cell(content: .character(cell.character, width: cell.width), style: style)
            if cell.width == 2 { cells[row][cell.column + 1] = Cell(content: .continuation, style: style) }
        }
        return clipped.end
    }

    public func clearLine(row: Int, from column: Int, style: CellStyle) {
        let columns = ClippedText.blankedColumns(row: row, from: column, size: size)
        guard !columns.isEmpty else { return }
        pictures.drawn(onRow: row)
        breakWideCharacters(row: row, columns: columns)
        for index in columns { cells[row][index] = Cell(style: style) }
    }

    public func place(_ picture: ScreenPicture) {
        pictures.place(picture)
    }

    public func placeCursor(at position: (row: Int, column: Int)?) {
        cursor = position
    }

    public func present() {
        presentCount += 1
    }

    /// Changes the grid's size as a terminal window does: what fits stays, new cells are blank.
    public func resize(to newSize: ScreenSize) {
        var grid = Self.blankGrid(newSize)
        for row in 0..<min(size.rows, newSize.rows) {
            for column in 0..<min(size.columns, newSize.columns) { grid[row][column] = cells[row][column] }
            // A wide character cut in half by the new right edge is blanked.
            if newSize.columns < size.columns, newSize.columns > 0,
               case .character(_, 2) = grid[row][newSize.columns - 1].content {
                grid[row][newSize.columns - 1] = Cell(style: grid[row][newSize.columns - 1].style)
            }
        }
        size = newSize
        cells = grid
    }

    /// The characters of `row`, wide ones once, without the blanks at its end; "" outside the grid.
    public func text(row: Int) -> String {
        guard (0..<size.rows).contains(row) else { return "" }
        var text = ""
        for cell in cells[row] {
            if case .character(let character, _) = cell.content { text.append(character) }
        }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Every row's `text(row:)`, top to bottom.
    public var lines: [String] {
        (0..<size.rows).map { text(row: $0) }
    }

    /// How a cell looks as drawn (without colours when `usesColor` is off); plain outside the grid.
    public func style(row: Int, column: Int) -> TextLook {
        let look = palette.look(for: element(row: row, column: column))
        return usesColor ? look : look.withoutColors
    }

    /// The elements a cell was drawn as; `.plain` outside the grid.
    public func element(row: Int, column: Int) -> CellStyle {
        guard (0..<size.rows).contains(row), (0..<size.columns).contains(column) else { return .plain }
        return cells[row][column].style
    }

    /// What a cell holds; a blank outside the grid.
    public func content(row: Int, column: Int) -> Content {
        guard (0..<size.rows).contains(row), (0..<size.columns).contains(column) else { return .character(" ", width: 1) }
        return cells[row][column].content
    }

    /// Blanks the halves, outside `columns`, of wide characters that `columns` overwrites in part.
    private func breakWideCharacters(row: Int, columns: Range<Int>) {
        if case .continuation = cells[row][columns.lowerBound].content, columns.lowerBound > 0 {
            cells[row][columns.lowerBound - 1].content = .character(" ", width: 1)
        }
        let last = columns.upperBound - 1
        if case .character(_, 2) = cells[row][last].content, last + 1 < size.columns {
            cells[row][last + 1].content = .character(" ", width: 1)
        }
    }

    private static func blankGrid(_ size: ScreenSize) -> [[Cell]] {
        Array(repeating: Array(repeating: Cell(), count: max(0, size.columns)), count: max(0, size.rows))
    }
}

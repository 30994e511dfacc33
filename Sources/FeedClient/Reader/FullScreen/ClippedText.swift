import FeedEntities

/// What of a `Screen.put` lands on the grid: the grapheme clusters of the text that fit in the
/// row from the starting column, measured by `DisplayWidth`. Every `Screen` clips through this,
/// so the terminal and the in-memory grid of the tests draw the same cells.
///
/// A cluster that would straddle the right edge (a wide character in the last column) is left
/// out, and so is everything after it. Clusters of width 0 (a lone combining mark, a format
/// character) take no cell and are left out too: a terminal would merge them into whatever
/// cell came before, which the grid cannot know.
struct ClippedText: Equatable {
    /// One cluster written: its first column and its width (1 or 2).
    struct Cell: Equatable {
        var character: Character
        var column: Int
        var width: Int
    }

    /// The clusters that fit, left to right; empty when the position is outside the grid.
    var cells: [Cell]
    /// The column after the last cell written; the starting column when nothing is.
    var end: Int

    /// Clips `text` written at `row`, `column` on a grid of `size`.
    init(_ text: String, row: Int, column: Int, size: ScreenSize) {
        cells = []
        end = column
        guard (0..<size.rows).contains(row), (0..<size.columns).contains(column) else { return }
        for character in text {
            let width = DisplayWidth.of(character)
            if width == 0 { continue }
            guard end + width <= size.columns else { break }
            cells.append(Cell(character: character, column: end, width: width))
            end += width
        }
    }

    /// The columns `column..<size.columns` a `clearLine` blanks, empty outside the grid.
    static func blankedColumns(row: Int, from column: Int, size: ScreenSize) -> Range<Int> {
        guard (0..<size.rows).contains(row), column < size.columns else { return 0..<0 }
        return max(0, column)..<size.columns
    }
}

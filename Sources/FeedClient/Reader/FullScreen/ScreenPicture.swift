/// A picture on the screen: a `TerminalPicture` over the cells from `row` and `column`, its
/// rows from `firstRow` on (those above were scrolled past the window's top), `rows` of them.
public struct ScreenPicture: Equatable, Sendable {
    /// Names the picture's data on the terminal (kitty keeps an image by id, and a placement
    /// of the same id moves it): one id per picture drawn, never reused for another.
    public var id: Int
    public var picture: TerminalPicture
    public var row: Int
    public var column: Int
    public var firstRow: Int
    public var rows: Int

    public init(id: Int, picture: TerminalPicture, row: Int, column: Int = 0, firstRow: Int = 0, rows: Int? = nil) {
        self.id = id
        self.picture = picture
        self.row = row
        self.column = column
        self.firstRow = max(0, firstRow)
        self.rows = max(0, rows ?? picture.rows - self.firstRow)
    }

    /// The screen rows it covers.
    public var screenRows: Range<Int> { row..<(row + rows) }

    /// Whether the whole picture is shown: sixels cannot be cut, so only such a one is drawn.
    public var isWhole: Bool { firstRow == 0 && rows == picture.rows }

    /// The same picture at the same cells: nothing to send again. (The data is the id's.)
    public static func == (lhs: ScreenPicture, rhs: ScreenPicture) -> Bool {
        lhs.id == rhs.id && lhs.row == rhs.row && lhs.column == rhs.column && lhs.firstRow == rhs.firstRow
            && lhs.rows == rhs.rows
    }
}

extension [ScreenPicture] {
    /// The pictures a grid has, the rule `Screen.place` gives, for `CursesTerminal` and
    /// `MemoryScreen` alike: `picture` placed, taking the place of those over its rows.
    mutating func place(_ picture: ScreenPicture) {
        guard picture.rows > 0 else { return }
        removeAll { $0.screenRows.overlaps(picture.screenRows) }
        append(picture)
    }

    /// Something is drawn on `row`: a picture over it is gone.
    mutating func drawn(onRow row: Int) {
        guard !isEmpty else { return }
        removeAll { $0.screenRows.contains(row) }
    }
}

import Glibc
import CCurses

/// Drawing: the `Screen` requirements on curses' window, each style in its palette's look.
extension CursesTerminal {
    // MARK: - Screen

    public var size: ScreenSize {
        let window = api.stdscr!.pointee
        return ScreenSize(rows: Int(api.getmaxy!(window)), columns: Int(api.getmaxx!(window)))
    }

    @discardableResult
    public func put(_ text: String, row: Int, column: Int, style: CellStyle) -> Int {
        guard !isEnded else { return column }
        let clipped = ClippedText(text, row: row, column: column, size: size)
        guard !clipped.cells.isEmpty else { return clipped.end }
        placedPictures.drawn(onRow: row)
        let characters = Self.wideCharacters(clipped)
        let window = api.stdscr!.pointee
        setStyle(style)
        _ = api.wmove!(window, Int32(row), Int32(column))
        _ = characters.withUnsafeBufferPointer { api.waddnwstr!(window, $0.baseAddress, Int32($0.count)) }
        return clipped.end
    }

    public func clearLine(row: Int, from column: Int, style: CellStyle) {
        guard !isEnded else { return }
        let columns = ClippedText.blankedColumns(row: row, from: column, size: size)
        guard !columns.isEmpty else { return }
        placedPictures.drawn(onRow: row)
        let window = api.stdscr!.pointee
        _ = api.wmove!(window, Int32(row), Int32(columns.lowerBound))
        if colors.looksLikeBackground(style) {
            setStyle(.plain)
            _ = api.wclrtoeol!(window)
        } else {
            // wclrtoeol blanks with the window's background, not the current attributes.
            setStyle(style)
            let blanks = [wchar_t](repeating: wchar_t(0x20), count: columns.count)
            _ = blanks.withUnsafeBufferPointer { api.waddnwstr!(window, $0.baseAddress, Int32($0.count)) }
        }
    }

    public func placeCursor(at position: (row: Int, column: Int)?) {
        cursor = position
    }

    public func present() {
        guard !isEnded, !isSuspended else { return }
        let window = api.stdscr!.pointee
        if let cursor {
            _ = api.wmove!(window, Int32(cursor.row), Int32(cursor.column))
        }
        if (cursor != nil) != cursorShown {
            cursorShown = cursor != nil
            _ = api.curs_set!(cursorShown ? 1 : 0)
        }
        let added = pictureChangesBeforeUpdate()
        _ = api.wnoutrefresh!(window)
        _ = api.doupdate!()
        drawPictures(added)
    }

    // MARK: - Drawing

    func setStyle(_ style: CellStyle) {
        let drawn = colors.attributes(for: style)
        _ = api.wattr_set!(api.stdscr!.pointee, drawn.attributes, drawn.pair, nil)
    }

    /// The wide characters curses is given for clipped text, so that curses' idea of each
    /// character's width (libc's `wcwidth`) matches `DisplayWidth`'s, on which the grid's columns
    /// rest: a cluster's first scalar with the zero-width scalars that follow it; where the two
    /// disagree (an emoji that libc thinks narrow), the first scalar padded with spaces, or "?"s.
    static func wideCharacters(_ clipped: ClippedText) -> [wchar_t] {
        var characters: [wchar_t] = []
        for cell in clipped.cells {
            let scalars = cell.character.unicodeScalars
            let first = wchar_t(bitPattern: scalars.first!.value)
            let cursesWidth = Int(tidings_wcwidth(first))
            if cursesWidth == cell.width {
                characters.append(first)
                for scalar in scalars.dropFirst() where tidings_wcwidth(wchar_t(bitPattern: scalar.value)) == 0 {
                    characters.append(wchar_t(bitPattern: scalar.value))
                }
            } else if cursesWidth == 1 {
                characters.append(first)
                characters += repeatElement(wchar_t(0x20), count: cell.width - 1)
            } else {
                characters += repeatElement(wchar_t(0x3F), count: cell.width)
            }
        }
        return characters
    }
}

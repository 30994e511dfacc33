/// Tables: their cells collected row by row, then laid out as a whole (`TableLayout`), which
/// needs every row before it knows a column's width.
extension HTMLTextWalker {
    func enterTable() {
        flush()
        layout.requestBreak(.blank)
        tables.append(TableLayout(rows: []))
        frames.append(.table)
    }

    func exitTable() {
        flush()
        guard let table = tables.popLast() else { return }
        layout.requestBreak(.blank)
        for line in table.lines(width: layout.available) { layout.writeLine(line) }
        layout.requestBreak(.blank)
    }

    func enterTableRow() {
        flush()
        if tables.isEmpty {
            // A row outside any table: its cells on a line, apart by ` | `.
            layout.requestBreak(.line)
        } else {
            tables[tables.count - 1].rows.append([])
        }
        cellsInRow = 0
        frames.append(.tableRow)
    }

    func enterTableCell(isHeading: Bool) {
        if cellDepth == 0 {
            if !tables.isEmpty {
                // Text between cells (or a cell written without its row) is a cell of its own.
                if !inline.isBlank { addCell(isHeading: false) } else { _ = inline.take() }
            } else if cellsInRow > 0 {
                inline.appendSpace()
                inline.append("|")
                inline.appendSpace()
            }
            cellsInRow += 1
            frames.append(.tableCell(outermost: true, isHeading: isHeading))
        } else {
            inline.appendSpace()
            frames.append(.tableCell(outermost: false, isHeading: isHeading))
        }
        cellDepth += 1
    }

    func exitTableCell(outermost: Bool, isHeading: Bool) {
        cellDepth -= 1
        if !outermost {
            inline.appendSpace()
        } else if !tables.isEmpty {
            addCell(isHeading: isHeading)
        }
    }

    /// Takes the running text as the current row's next cell, on one line.
    private func addCell(isHeading: Bool) {
        var text = inline.take()
        if text.contains("\n") { text = text.split(separator: "\n").joined(separator: " ") }
        text = text.trimmingASCIIWhitespace()
        tableBytes += text.utf8.count
        if tableBytes > capacity { tableOverflowed = true }
        let index = tables.count - 1
        if tables[index].rows.isEmpty { tables[index].rows.append([]) }
        tables[index].rows[tables[index].rows.count - 1].append(TableLayout.Cell(text: text, isHeading: isHeading))
    }
}

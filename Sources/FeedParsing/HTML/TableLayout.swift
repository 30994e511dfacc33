import FeedEntities

/// Lays out an HTML table's cells as text: aligned columns when they fit the width, columns
/// whose cells wrap within them when they do not, and one cell a line (after its column's
/// heading, when the table has one) when not even that fits.
///
/// A table of one column is its cells one after another, as paragraphs would be. Every cell is
/// one line of collapsed text (the walker joins a cell's blocks with spaces).
struct TableLayout {
    struct Cell {
        var text: String
        var isHeading: Bool
    }

    /// The rows, each its cells in order.
    var rows: [[Cell]]

    /// Columns between two cells: ` | `.
    static let separator = " | "
    /// The narrowest a column is wrapped to before the table falls back to a cell a line.
    static let narrowestColumn = 6
    /// More columns than this are laid out a cell a line: no terminal shows them side by side.
    static let widestTable = 24

    /// The table's lines at `width` columns (`nil`: no wrapping, the natural widths).
    func lines(width: Int?) -> [String] {
        let rows = self.rows.filter { !$0.isEmpty }
        let columns = rows.map(\.count).max() ?? 0
        guard columns > 0 else { return [] }
        if columns == 1 { return rows.flatMap { row in LineWrapper.wrap(row[0].text, width: width) } }
        guard columns <= Self.widestTable else { return cellALine(rows, width: width) }
        var natural = [Int](repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() { natural[index] = max(natural[index], DisplayWidth.of(cell.text)) }
        }
        let separators = DisplayWidth.of(Self.separator) * (columns - 1)
        guard let width else { return aligned(rows, widths: natural) }
        let room = width - separators
        if natural.reduce(0, +) <= room { return aligned(rows, widths: natural) }
        guard room >= Self.narrowestColumn * columns else { return cellALine(rows, width: width) }
        // Narrow the widest column a column at a time until the table fits: short columns keep
        // their width, long ones share what is left.
        var widths = natural.map { max($0, 1) }
        var excess = widths.reduce(0, +) - room
        while excess > 0 {
            guard let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > Self.narrowestColumn else { break }
            widths[widest] -= 1
            excess -= 1
        }
        guard excess <= 0 else { return cellALine(rows, width: width) }
        return aligned(rows, widths: widths)
    }

    /// Rows with each cell padded (and wrapped) to its column's width, a rule under a heading
    /// row.
    private func aligned(_ rows: [[Cell]], widths: [Int]) -> [String] {
        var lines: [String] = []
        for (rowIndex, row) in rows.enumerated() {
            let wrapped = widths.indices.map { index in
                index < row.count ? LineWrapper.wrap(row[index].text, width: widths[index]) : [""]
            }
            let height = wrapped.map(\.count).max() ?? 1
            for lineIndex in 0..<height {
                var line = ""
                for (index, cellLines) in wrapped.enumerated() {
                    if index > 0 { line += Self.separator }
                    let text = lineIndex < cellLines.count ? cellLines[lineIndex] : ""
                    line += text + String(repeating: " ", count: max(0, widths[index] - DisplayWidth.of(text)))
                }
                lines.append(Self.trimmingTrailingSpaces(line))
            }
            if rowIndex == 0, row.allSatisfy(\.isHeading), rows.count > 1 {
                lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+-"))
            }
        }
        return lines
    }

    /// Each cell on lines of its own, after its column's heading (`Size: 3 MB`) when the
    /// first row is headings; rows apart by a blank line.
    private func cellALine(_ rows: [[Cell]], width: Int?) -> [String] {
        var headings: [String] = []
        var body = rows[...]
        if let first = rows.first, first.allSatisfy(\.isHeading), rows.count > 1 {
            headings = first.map(\.text)
            body = rows.dropFirst()
        }
        var lines: [String] = []
        for row in body {
            if !lines.isEmpty { lines.append("") }
            for (index, cell) in row.enumerated() where !cell.text.isEmpty {
                let heading = index < headings.count && !headings[index].isEmpty ? headings[index] + ": " : ""
                lines += LineWrapper.wrap(heading + cell.text, width: width)
            }
        }
        return lines
    }

    private static func trimmingTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}

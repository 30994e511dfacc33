/// An article's picture ready for the terminal, as the daemon drew it (`images.render`), or
/// why it is not drawn.
public struct TerminalPicture: Equatable, Sendable {
    public var kind: TerminalGraphics.Kind
    /// The cells it takes.
    public var columns: Int
    public var rows: Int
    /// kitty: the PNG in base64; sixel: the data between DCS and ST. Checked to be only that
    /// (`GraphicsSequences`) before it is kept.
    public var data: String
    /// Why it is not drawn (the daemon's words); `data` is then empty.
    public var failure: String?
    /// Whether its sequences go through tmux's passthrough.
    public var throughTmux: Bool
    /// Its size in pixels, and a cell's height it was drawn for: what a part of it is cut by.
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var cellHeight: Int

    public init(
        kind: TerminalGraphics.Kind, columns: Int, rows: Int, data: String, failure: String? = nil, throughTmux: Bool = false,
        pixelWidth: Int = 0, pixelHeight: Int = 0, cellHeight: Int = 0
    ) {
        self.kind = kind
        self.columns = columns
        self.rows = rows
        self.data = data
        self.failure = failure
        self.throughTmux = throughTmux
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.cellHeight = cellHeight
    }

    /// What draws the picture at the start of the line the cursor is on, in the `rows` lines
    /// from there, and leaves the cursor at the start of the line after them: the lines made
    /// first (the screen scrolls as text would), the cursor back up, the picture drawn without
    /// moving it (kitty's `C=1`; the cursor saved and restored around sixels), then down past it.
    /// `id` names a kitty image (a later one with the same id replaces it).
    public func drawing(id: Int) -> String {
        guard failure == nil, rows > 0 else { return "" }
        var output = String(repeating: "\n", count: rows) + "\u{1B}[\(rows)A"
        switch kind {
        case .kitty:
            output += transmission(id: id) + wrap(GraphicsSequences.kittyPlace(id: id, columns: columns, rows: rows))
        case .sixel:
            guard let sixel = GraphicsSequences.sixel(data) else { return "" }
            output += "\u{1B}7" + sixel + "\u{1B}8"
        }
        return output + "\u{1B}[\(rows)B\r"
    }

    /// What sends a kitty picture's data as image `id` (nothing for a sixel: its data is its
    /// drawing).
    public func transmission(id: Int) -> String {
        guard failure == nil, kind == .kitty else { return "" }
        return GraphicsSequences.kittyTransmit(base64: data, id: id).map(wrap).joined()
    }

    /// What draws the picture's rows `firstRow..<firstRow + rows` at the cursor and leaves the
    /// cursor where it was, not yet wrapped for tmux (`positioned` does both): kitty places image
    /// `id` (sent before, `transmission(id:)`), cut to
    /// those rows' pixels and drawn at its own pixel size (so never stretched); a sixel is drawn
    /// only whole, and moves the cursor: the caller saves and restores it around.
    public func placement(id: Int, firstRow: Int, rows: Int) -> String {
        guard failure == nil, rows > 0, firstRow >= 0, firstRow + rows <= self.rows else { return "" }
        switch kind {
        case .kitty:
            guard firstRow > 0 || rows < self.rows else { return GraphicsSequences.kittyPlace(id: id, width: pixelWidth, crop: nil) }
            // Cut: by the pixels of its rows, which a picture of unknown size cannot be.
            guard pixelHeight > 0, cellHeight > 0 else { return "" }
            let top = min(pixelHeight - 1, firstRow * cellHeight)
            return GraphicsSequences.kittyPlace(id: id, width: pixelWidth, crop: (top, max(1, min(pixelHeight - top, rows * cellHeight))))
        case .sixel:
            guard firstRow == 0, rows == self.rows, let sixel = GraphicsSequences.sixel(data) else { return "" }
            return sixel
        }
    }

    /// `placement` at the cell `row`, `column` (from 0), the cursor saved before and restored
    /// after; inside tmux the whole goes through its passthrough, so that the outer terminal's
    /// cursor is the one moved (tmux's stays where it was), which puts the picture right when
    /// the pane is at the window's top left.
    public func positioned(_ placement: String, row: Int, column: Int) -> String {
        guard !placement.isEmpty else { return "" }
        let sequence = "\u{1B}7\u{1B}[\(row + 1);\(column + 1)H" + placement + "\u{1B}8"
        return throughTmux && kind == .kitty ? GraphicsSequences.throughTmux(sequence) : sequence
    }

    /// What deletes the placements of a kitty picture drawn as image `id`; with `freeing`, its
    /// data too.
    public func deletion(id: Int, freeing: Bool) -> String {
        kind == .kitty ? wrap(GraphicsSequences.kittyDelete(id: id, freeing: freeing)) : ""
    }

    private func wrap(_ sequence: String) -> String {
        throughTmux ? GraphicsSequences.throughTmux(sequence) : sequence
    }

    /// A picture that is not drawn, and why.
    public static func failed(_ kind: TerminalGraphics.Kind, _ reason: String) -> TerminalPicture {
        TerminalPicture(kind: kind, columns: 0, rows: 0, data: "", failure: reason)
    }
}

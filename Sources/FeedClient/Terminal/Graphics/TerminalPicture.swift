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

    public init(
        kind: TerminalGraphics.Kind, columns: Int, rows: Int, data: String, failure: String? = nil, throughTmux: Bool = false
    ) {
        self.kind = kind
        self.columns = columns
        self.rows = rows
        self.data = data
        self.failure = failure
        self.throughTmux = throughTmux
    }

    /// What draws the picture at the start of the line the cursor is on, in the `rows` lines
    /// from there, and leaves the cursor at the start of the line after them: the lines made
    /// first (the screen scrolls as text would), the cursor back up, the picture drawn without
    /// moving it (kitty's `C=1`; the cursor saved and restored around sixels), then down past it.
    /// `id` names a kitty image (a later one with the same id replaces it).
    public func drawing(id: Int) -> String {
        guard failure == nil, rows > 0 else { return "" }
        let wrap = { (sequence: String) in throughTmux ? GraphicsSequences.throughTmux(sequence) : sequence }
        var output = String(repeating: "\n", count: rows) + "\u{1B}[\(rows)A"
        switch kind {
        case .kitty:
            for chunk in GraphicsSequences.kittyTransmit(base64: data, id: id) { output += wrap(chunk) }
            output += wrap(GraphicsSequences.kittyPlace(id: id, columns: columns, rows: rows))
        case .sixel:
            guard let sixel = GraphicsSequences.sixel(data) else { return "" }
            output += "\u{1B}7" + sixel + "\u{1B}8"
        }
        return output + "\u{1B}[\(rows)B\r"
    }

    /// A picture that is not drawn, and why.
    public static func failed(_ kind: TerminalGraphics.Kind, _ reason: String) -> TerminalPicture {
        TerminalPicture(kind: kind, columns: 0, rows: 0, data: "", failure: reason)
    }
}

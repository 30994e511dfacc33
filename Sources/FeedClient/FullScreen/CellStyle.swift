/// How a run of cells is drawn: attributes and at most one foreground colour.
public struct CellStyle: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let bold = CellStyle(rawValue: 1 << 0)
    public static let dim = CellStyle(rawValue: 1 << 1)
    /// The cursor's row, title and status bars.
    public static let reverse = CellStyle(rawValue: 1 << 2)
    public static let underline = CellStyle(rawValue: 1 << 3)
    /// Starred items.
    public static let yellow = CellStyle(rawValue: 1 << 8)
    /// Failing feeds, errors.
    public static let red = CellStyle(rawValue: 1 << 9)
    /// Links and markers.
    public static let cyan = CellStyle(rawValue: 1 << 10)
    public static let green = CellStyle(rawValue: 1 << 11)

    /// The colour bits, which a screen without colours leaves out.
    public static let colors: CellStyle = [.yellow, .red, .cyan, .green]
}

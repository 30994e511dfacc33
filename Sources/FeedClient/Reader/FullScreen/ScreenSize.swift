/// The size of a `Screen` in character cells.
public struct ScreenSize: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var rows: Int
    public var columns: Int

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }

    public var description: String { "\(columns)x\(rows)" }
}

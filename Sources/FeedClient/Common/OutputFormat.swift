/// How a listing is written.
public enum OutputFormat: Equatable, Sendable {
    /// Aligned columns fitted to the terminal width, for people.
    case table
    /// One tab-separated line per row, for pipes and scripts.
    case plain
    /// One JSON document (docs/json.md).
    case json

    /// JSON when asked for, else a table on a terminal and plain lines elsewhere.
    public static func choose(json: Bool, isTTY: Bool) -> OutputFormat {
        json ? .json : isTTY ? .table : .plain
    }
}

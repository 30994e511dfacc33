import FeedEntities

/// Writes what a state change did: summary lines on stdout, or `{"updated","missing"}`.
/// Summary lines may quote a feed selector, so each passes `TerminalText.sanitize` here.
public final class TerminalItemStateView: ItemStateView {
    private let terminal: any Terminal
    private let format: OutputFormat

    public init(terminal: any Terminal, format: OutputFormat) {
        self.terminal = terminal
        self.format = format
    }

    /// Lines are written whole at any width: they are short, and a cut message would lose its
    /// count. No colors: they are results that scripts read as readily as people.
    public func showOutcome(_ outcome: ItemStateOutcome) {
        switch format {
        case .json:
            terminal.write(Self.json(outcome).text + "\n")
        case .table, .plain:
            for line in outcome.summary { terminal.writeLine(line) }
        }
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }

    /// `{"updated":5,"missing":[998,999]}` (docs/json.md).
    static func json(_ outcome: ItemStateOutcome) -> JSONValue {
        .object([
            ("updated", .int(Int64(outcome.updated))),
            ("missing", .array(outcome.missing.map(JSONValue.int))),
        ])
    }
}

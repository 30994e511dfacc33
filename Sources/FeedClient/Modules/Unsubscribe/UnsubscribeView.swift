import FeedEntities

/// Writes unsubscription outcomes to the terminal, or as JSON with `--json`. Every string from
/// the daemon passes `TerminalText.sanitize` here before it is written.
public final class TerminalUnsubscribeView: UnsubscribeView {
    private let terminal: any Terminal
    private let json: Bool

    public init(terminal: any Terminal, json: Bool) {
        self.terminal = terminal
        self.json = json
    }

    /// The line, or `{"feed":…,"deleted":n,"keptStarred":n}` (docs/json.md).
    public func showUnsubscribed(_ message: String, feed: FeedRow, deleted: Int, kept: Int) {
        if json {
            terminal.write(JSONValue.object([
                ("feed", TerminalFeedListView.jsonObject(feed)), ("deleted", .int(Int64(deleted))),
                ("keptStarred", .int(Int64(kept))),
            ]).text + "\n")
        } else {
            terminal.writeLine(message)
        }
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }
}

/// Writes rename outcomes to the terminal, or the feed as JSON with `--json`. The line and the
/// feed hold the title from the daemon: they pass `TerminalText.sanitize` here.
public final class TerminalRenameFeedView: RenameFeedView {
    private let terminal: any Terminal
    private let json: Bool

    public init(terminal: any Terminal, json: Bool) {
        self.terminal = terminal
        self.json = json
    }

    public func showRenamed(_ message: String, feed: FeedRow) {
        terminal.writeFeedChange(message, feed: feed, asJSON: json)
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }
}

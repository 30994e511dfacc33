/// Writes a feed's tags to the terminal, or the feed as JSON with `--json`. The line and the
/// feed hold the title and tags from the daemon: they pass `TerminalText.sanitize` here.
public final class TerminalTagFeedView: TagFeedView {
    private let terminal: any Terminal
    private let json: Bool

    public init(terminal: any Terminal, json: Bool) {
        self.terminal = terminal
        self.json = json
    }

    public func showTags(_ line: String, feed: FeedRow) {
        terminal.writeFeedChange(line, feed: feed, asJSON: json)
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }
}

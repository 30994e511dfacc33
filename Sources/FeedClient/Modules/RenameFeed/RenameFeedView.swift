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
        if json {
            terminal.write(Self.json(feed).text + "\n")
        } else {
            terminal.writeLine(message)
        }
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }

    /// `{"feed":<feed>}`, the feed after the change as `tidings feeds --json` writes it: the
    /// document of `tidings tag --json` (docs/json.md), as both change a feed and show it.
    static func json(_ feed: FeedRow) -> JSONValue {
        .object([("feed", TerminalFeedListView.jsonObject(feed))])
    }
}

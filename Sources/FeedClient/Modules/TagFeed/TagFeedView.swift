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
        if json {
            terminal.write(Self.json(feed).text + "\n")
        } else {
            terminal.writeLine(line)
        }
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }

    /// `{"feed":<feed>}`, the feed after the change as `tidings feeds --json` writes it; `tidings
    /// rename --json` writes the same document (docs/json.md).
    static func json(_ feed: FeedRow) -> JSONValue {
        .object([("feed", TerminalFeedListView.jsonObject(feed))])
    }
}

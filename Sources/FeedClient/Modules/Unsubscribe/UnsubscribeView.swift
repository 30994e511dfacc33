/// Writes unsubscription outcomes to the terminal, or as JSON with `--json`. Every string from
/// the daemon passes `TerminalText.sanitize` here before it is written.
public final class TerminalUnsubscribeView: UnsubscribeView {
    private let terminal: any Terminal
    private let json: Bool

    public init(terminal: any Terminal, json: Bool) {
        self.terminal = terminal
        self.json = json
    }

    public func showUnsubscribed(_ message: String, feed: FeedRow) {
        if json {
            terminal.write(Self.json(feed).text + "\n")
        } else {
            terminal.writeLine(message)
        }
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }

    /// `{"feed":<feed>}`, the feed as `tidings feeds --json` wrote it before it was removed
    /// (docs/json.md).
    static func json(_ feed: FeedRow) -> JSONValue {
        .object([("feed", TerminalFeedListView.jsonObject(feed))])
    }
}

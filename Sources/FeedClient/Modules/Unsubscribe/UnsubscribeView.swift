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
        terminal.writeFeedChange(message, feed: feed, asJSON: json)
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }
}

/// Writes a feed's settings to the terminal, or the feed as JSON with `--json`. Keys and values
/// come from the daemon: they pass `TerminalText.sanitize` on their way out.
public final class TerminalChangeFeedSettingsView: ChangeFeedSettingsView {
    private let terminal: any Terminal
    private let json: Bool

    public init(terminal: any Terminal, json: Bool) {
        self.terminal = terminal
        self.json = json
    }

    public func showSettings(_ lines: [FeedSettingLine], feed: FeedRow) {
        if json {
            terminal.writeFeedChange("", feed: feed, asJSON: true)
        } else if lines.isEmpty {
            terminal.writeLine("no settings")
        } else {
            // `writeLine` sanitizes each line.
            for line in lines { terminal.writeLine(line.key + " = " + line.value) }
        }
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }
}

/// Writes a feed's tags to the terminal. The line holds the feed's title and tags from the
/// daemon: it passes `TerminalText.sanitize` here.
public final class TerminalTagFeedView: TagFeedView {
    private let terminal: any Terminal

    public init(terminal: any Terminal) {
        self.terminal = terminal
    }

    public func showTags(_ line: String) {
        terminal.writeLine(line)
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }
}

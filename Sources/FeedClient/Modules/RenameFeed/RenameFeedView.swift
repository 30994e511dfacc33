/// Writes rename outcomes to the terminal. The line holds the title from the daemon: it passes
/// `TerminalText.sanitize` here.
public final class TerminalRenameFeedView: RenameFeedView {
    private let terminal: any Terminal

    public init(terminal: any Terminal) {
        self.terminal = terminal
    }

    public func showRenamed(_ message: String) {
        terminal.writeLine(message)
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }
}

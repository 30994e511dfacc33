/// Writes restore outcomes to the terminal. The daemon's text (paths) passes
/// `TerminalText.sanitize` before it is written.
public final class TerminalRestoreView: RestoreView {
    private let terminal: any Terminal

    public init(terminal: any Terminal) {
        self.terminal = terminal
    }

    public func showRestored(_ lines: [String]) {
        for line in lines { terminal.writeLine(line) }
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }
}

/// Writes reload outcomes to the terminal. The daemon's text (a path, a key from the file)
/// passes `TerminalText.sanitize` before it is written.
public final class TerminalReloadView: ReloadView {
    private let terminal: any Terminal

    public init(terminal: any Terminal) {
        self.terminal = terminal
    }

    public func showReloaded(_ message: String) {
        terminal.writeLine(message)
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }
}

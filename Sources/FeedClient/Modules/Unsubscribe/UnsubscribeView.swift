/// Writes unsubscription outcomes to the terminal.
public final class TerminalUnsubscribeView: UnsubscribeView {
    private let terminal: any Terminal

    public init(terminal: any Terminal) {
        self.terminal = terminal
    }

    public func showUnsubscribed(_ message: String) {
        terminal.writeLine(message)
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }
}

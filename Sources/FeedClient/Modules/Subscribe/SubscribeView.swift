/// Writes subscription outcomes to the terminal.
public final class TerminalSubscribeView: SubscribeView {
    private let terminal: any Terminal

    public init(terminal: any Terminal) {
        self.terminal = terminal
    }

    public func showSubscribed(_ message: String) {
        terminal.writeLine(message)
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }
}

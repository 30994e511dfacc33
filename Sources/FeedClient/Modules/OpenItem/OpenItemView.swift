/// Writes the open command's failures to the terminal.
public final class TerminalOpenItemView: OpenItemView {
    private let terminal: any Terminal

    public init(terminal: any Terminal) {
        self.terminal = terminal
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }
}

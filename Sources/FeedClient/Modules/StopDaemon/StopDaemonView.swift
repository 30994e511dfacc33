/// Writes the outcome of `tidings stop`.
public final class TerminalStopDaemonView: StopDaemonView {
    private let terminal: any Terminal

    public init(terminal: any Terminal) {
        self.terminal = terminal
    }

    public func showStopped(_ message: String) {
        terminal.writeLine(message)
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }
}

/// Writes the refresh report to the terminal.
public final class TerminalRefreshView: RefreshView {
    private let terminal: any Terminal

    public init(terminal: any Terminal) {
        self.terminal = terminal
    }

    public func showReport(_ report: RefreshReport) {
        for line in report.lines {
            terminal.writeLine(line)
        }
        terminal.writeLine(report.summary)
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }
}

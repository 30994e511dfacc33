/// What the full-screen terminal reports to the reader, in the order it happened.
public enum TerminalEvent: Hashable, Sendable {
    case key(KeyPress)
    /// The window changed size (SIGWINCH); `Screen.size` already has the new size.
    case resized
    /// Ctrl-Z (SIGTSTP): the reader should call `FullScreenTerminal.suspendProcess()`.
    case suspend
    /// SIGINT, SIGTERM or SIGHUP: the reader should end, restoring the terminal.
    case terminate(signal: Int32)
    /// Standard input reached its end or failed: nothing more will come.
    case inputClosed
}

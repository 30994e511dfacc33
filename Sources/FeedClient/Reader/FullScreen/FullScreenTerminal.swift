/// The terminal in full-screen mode for the reader's lifetime: the alternate screen, no echo,
/// keys one at a time. Made by `begin`, given back by `end()`, which restores the terminal
/// exactly; a crash or a fatal signal restores it too.
@MainActor
public protocol FullScreenTerminal: Screen {
    /// Keys, resizes and signals, as they happen. One stream per terminal; it finishes after
    /// `.inputClosed` or `end()`.
    var events: AsyncStream<TerminalEvent> { get }

    /// How the terminal draws pictures, as it answered the questions `begin` asked (its
    /// answers come among the keys and are taken out of them), or as `reader: images` forces
    /// it; `nil` until it has answered, and for the text form.
    var graphics: TerminalGraphics? { get }

    /// Gives the terminal back for a while (a terminal browser runs on it): leaves the
    /// alternate screen and restores the modes the reader found. Events are held until
    /// `resume()`.
    func suspend()

    /// Takes the terminal again after `suspend()` and redraws the whole grid.
    func resume()

    /// Stops the process after Ctrl-Z, as a shell's job control expects: `suspend()`, stop,
    /// and `resume()` once the shell continues it (`fg`).
    func suspendProcess()

    /// Clears the terminal and sends the whole grid again (Ctrl-L: something else wrote on it).
    func repaint()

    /// Restores the terminal for good (normal screen, echo, cursor). Idempotent.
    func end()
}

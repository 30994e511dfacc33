/// Opens links in a browser. Owned by Routers: opening a link is navigation.
public protocol BrowserLauncher: Sendable {
    /// Opens `url` with the first of `commands` that can be started and waits until that
    /// browser exits (terminal browsers such as w3m need the terminal until then).
    ///
    /// Blocks the calling thread while the browser runs. Refuses, before starting anything,
    /// links that `LinkPolicy` does not allow.
    /// - Returns: the command that was run.
    /// - Throws: `BrowserLaunchError`: the link was refused, no command could be started, or
    ///   the browser exited unsuccessfully.
    /// - Parameter streams: whether the browser gets the terminal or `/dev/null` for its
    ///   standard streams (a graphical browser must not write over the reader's screen).
    func open(_ url: String, with commands: [BrowserCommand], streams: BrowserStreams) throws -> BrowserCommand
}

/// What a browser's standard input, output and error are.
public enum BrowserStreams: Sendable {
    /// The terminal, as this process has it: a terminal browser (w3m) needs it.
    case terminal
    /// `/dev/null`: a graphical browser started from the reader, whose messages would land on its screen.
    case discarded
}

extension BrowserLauncher {
    /// Opens `url` with the browser on this process's terminal.
    public func open(_ url: String, with commands: [BrowserCommand]) throws -> BrowserCommand {
        try open(url, with: commands, streams: .terminal)
    }
}

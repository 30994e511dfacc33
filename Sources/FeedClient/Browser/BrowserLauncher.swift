/// Opens links in a browser. Owned by Routers: opening a link is navigation.
public protocol BrowserLauncher {
    /// Opens `url` with the first of `commands` that can be started and waits until that
    /// browser exits (terminal browsers such as w3m need the terminal until then).
    ///
    /// Blocks the calling thread while the browser runs. Refuses, before starting anything,
    /// links that `LinkPolicy` does not allow.
    /// - Returns: the command that was run.
    /// - Throws: `BrowserLaunchError`: the link was refused, no command could be started, or
    ///   the browser exited unsuccessfully.
    func open(_ url: String, with commands: [BrowserCommand]) throws -> BrowserCommand
}

/// Opens links from the reader: the OpenItem rules (an argument vector, never a shell; only
/// http and https links; the config's `browser`, else `$BROWSER`, else `xdg-open`), plus the
/// terminal. A terminal browser (w3m, lynx) gets the terminal until it exits; a graphical one
/// gets `/dev/null` for its output, so nothing it says lands on the reader's screen.
///
/// Owned by the Routers of the screens that open links: leaving the terminal is navigation.
@MainActor
public final class ReaderBrowser {
    private let launcher: any BrowserLauncher
    private let settings: any ClientSettings
    private let environment: [String: String]

    public init(launcher: any BrowserLauncher, settings: any ClientSettings, environment: [String: String]) {
        self.launcher = launcher
        self.settings = settings
        self.environment = environment
    }

    /// Opens `link` and returns once the browser has exited (a graphical browser, or
    /// `xdg-open`, usually at once).
    /// - Throws: `BrowserLaunchError` when the link is refused or the browser could not be
    ///   started or failed; `ClientSettingsError` when the config's `browser` cannot be read.
    public func open(_ link: String, on terminal: any FullScreenTerminal) throws {
        if let reason = LinkPolicy.refusal(for: link) {
            throw BrowserLaunchError.refusedLink(link, reason: reason)
        }
        let commands = BrowserCommand.candidates(configured: try settings.browser(), environment: environment)
        guard commands.first?.runsInTerminal == true else {
            _ = try launcher.open(link, with: commands, streams: .discarded)
            return
        }
        terminal.suspend()
        defer { terminal.resume() }
        _ = try launcher.open(link, with: commands, streams: .terminal)
    }
}

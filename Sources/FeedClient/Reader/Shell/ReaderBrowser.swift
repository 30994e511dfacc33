/// Opens links from the reader: the OpenItem rules (an argument vector, never a shell; only
/// http and https links; the config's `browser`, else `$BROWSER`, else `xdg-open`), plus the
/// terminal. A terminal browser (w3m, lynx) gets the terminal until it exits; a graphical one
/// gets `/dev/null` for its output, so nothing it says lands on the reader's screen, and is
/// waited for on a thread of its own, so the reader keeps drawing and hearing signals.
///
/// Owned by the Routers of the screens that open links: leaving the terminal is navigation.
@MainActor
public final class ReaderBrowser {
    private let launcher: any BrowserLauncher
    private let settings: any ClientSettings
    private let environment: [String: String]
    /// Where graphical browsers are waited for; made on the first one.
    private var waiter: ConnectionThread?

    public init(launcher: any BrowserLauncher, settings: any ClientSettings, environment: [String: String]) {
        self.launcher = launcher
        self.settings = settings
        self.environment = environment
    }

    /// Opens `link` with the first candidate command that starts, and returns once it has
    /// exited (a graphical browser that is already running, or `xdg-open`, at once).
    /// - Throws: `BrowserLaunchError` when the link is refused, no command could be started,
    ///   or the browser failed; `ClientSettingsError` when the config's `browser` cannot be read.
    public func open(_ link: String, on terminal: any FullScreenTerminal) async throws {
        if let reason = LinkPolicy.refusal(for: link) {
            throw BrowserLaunchError.refusedLink(link, reason: reason)
        }
        let commands = BrowserCommand.candidates(configured: try settings.browser(), environment: environment)
        var lastFailure: (any Error)?
        for command in commands {
            do {
                if needsTerminal(command) {
                    terminal.suspend()
                    defer { terminal.resume() }
                    _ = try launcher.open(link, with: [command], streams: .terminal)
                } else {
                    try await openAside(link, with: command)
                }
                return
            } catch let error as BrowserLaunchError {
                guard case .noBrowserStarted = error else { throw error }
                lastFailure = error
            }
        }
        if case .noBrowserStarted(_, let reason)? = lastFailure as? BrowserLaunchError {
            throw BrowserLaunchError.noBrowserStarted(tried: commands.map(\.program), reason: reason)
        }
        throw lastFailure ?? BrowserLaunchError.noBrowserStarted(tried: [], reason: "no browser command")
    }

    /// Whether `command` must have the terminal: a text browser, or a launcher (`xdg-open`)
    /// outside a graphical session, where it starts a text browser.
    func needsTerminal(_ command: BrowserCommand) -> Bool {
        if command.runsInTerminal { return true }
        let name = command.program.split(separator: "/").last.map(String.init) ?? command.program
        let graphical = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        return !graphical && Self.launchers.contains(name)
    }

    /// Programs that start whichever browser the system prefers.
    static let launchers: Set<String> = ["xdg-open", "sensible-browser", "gio", "kde-open", "gnome-open"]

    /// Starts a graphical browser with its output on `/dev/null` and waits for it on the
    /// waiter thread.
    private func openAside(_ link: String, with command: BrowserCommand) async throws {
        let thread: ConnectionThread
        if let waiter {
            thread = waiter
        } else {
            thread = try ConnectionThread()
            waiter = thread
        }
        let launcher = self.launcher
        try await withTaskExecutorPreference(thread) {
            try await Self.launch(launcher, link, command)
        }
    }

    /// Runs on the task executor it is called under (the waiter thread), not the main actor.
    private nonisolated static func launch(_ launcher: any BrowserLauncher, _ link: String, _ command: BrowserCommand) async throws {
        _ = try launcher.open(link, with: [command], streams: .discarded)
    }
}

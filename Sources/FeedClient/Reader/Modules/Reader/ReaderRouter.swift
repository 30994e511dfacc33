import Glibc

/// Wires the reader: the shell with its daemon connections, the terminal and the first screen.
/// The screens' own Routers build the rest as the user goes.
public enum ReaderRouter {
    /// Builds the module for `tidings` on a terminal and `tidings ui`. Unlike the commands'
    /// `AssembledModule`, it runs on the main actor from start to end: the terminal is one
    /// resource, and every screen draws on it from there.
    /// - Parameter connect: opens a new connection to the daemon (the reader keeps four: its
    ///   screens' two, the `watch`'s and the refreshes'; and one for pictures unless
    ///   `reader: images` is `off`).
    @MainActor
    public static func assemble(dependencies: ClientDependencies, connect: @escaping () -> any DaemonClient) -> @MainActor () async -> ExitStatus {
        let terminal = dependencies.terminal
        func failing(_ failure: CommandFailure) -> @MainActor () async -> ExitStatus {
            return {
                terminal.writeFailure(failure)
                return failure.status
            }
        }
        let settings: ReaderSettings
        let connections: (screens: ThreadedDaemonClient, side: ThreadedDaemonClient, watcher: ThreadedDaemonClient, refresher: ThreadedDaemonClient)
        let pictures: ThreadedDaemonClient?
        do {
            settings = try dependencies.settings.reader()
            connections = (
                try ThreadedDaemonClient(connect()), try ThreadedDaemonClient(connect()),
                try ThreadedDaemonClient(connect()), try ThreadedDaemonClient(connect()))
            pictures = settings.images == .off ? nil : try ThreadedDaemonClient(connect())
        } catch {
            return failing(CommandFailure(error, action: "cannot open the reader"))
        }
        let browser = ReaderBrowser(
            launcher: dependencies.launcher, settings: dependencies.settings, environment: dependencies.environment)
        let commands = ReaderCommands(launcher: ProcessCommandLauncher(environment: dependencies.environment))
        let usesColor = terminal.usesColor
        // The first screen's feeds and counts are asked for now, for the daemon to read them
        // while curses starts.
        let firstInteractor = ReaderFeedsInteractor(daemon: connections.screens, counter: connections.side)
        let parts = ReaderPresenter.Parts(
            beginTerminal: {
                firstInteractor.prefetch()
                return try CursesTerminal.begin(
                    usesColor: usesColor, palette: settings.palette, images: settings.images, environment: dependencies.environment)
            },
            makeShellView: { ScreenReaderShellView(terminal: $0) },
            makeFirstScreen: { navigator in
                ReaderFeedsRouter.assemble(
                    context: ReaderContext(
                        daemon: connections.screens, sideDaemon: connections.side, clock: dependencies.clock, settings: settings,
                        browser: browser, commands: commands, home: dependencies.environment["HOME"], navigator: navigator,
                        pictureDaemon: pictures),
                    interactor: firstInteractor)
            },
            showFailure: { terminal.writeFailure($0) },
            endAtOnce: { exit($0.code) })
        let presenter = ReaderPresenter(
            parts: parts, bindings: settings.bindings, macros: settings.macros,
            live: ReaderInteractor(watcher: connections.watcher, refresher: connections.refresher))
        return presenter.viewDidLoad
    }
}

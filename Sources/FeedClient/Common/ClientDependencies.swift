/// The concrete collaborators every module's Router needs, built once by the executable's
/// composition root and handed to `assemble`.
///
/// Holding protocol existentials keeps the Routers testable: tests pass spies and stubs here.
public struct ClientDependencies {
    public var daemon: any DaemonClient
    public var terminal: any Terminal
    public var launcher: any BrowserLauncher
    public var clock: any WallClock
    /// The process environment (`BROWSER` is read from it when a link is opened).
    public var environment: [String: String]
    /// The settings the client reads from the config file itself (`browser`).
    public var settings: any ClientSettings

    public init(
        daemon: any DaemonClient, terminal: any Terminal, launcher: any BrowserLauncher,
        clock: any WallClock, environment: [String: String], settings: any ClientSettings
    ) {
        self.daemon = daemon
        self.terminal = terminal
        self.launcher = launcher
        self.clock = clock
        self.environment = environment
        self.settings = settings
    }
}

/// What every screen module's Router needs to build its module and the next ones: made once by
/// the reader's Router when the shell has the terminal.
@MainActor
public struct ReaderContext {
    /// The screens' connection to the daemon (the shell's `watch` and refreshes have their own).
    public let daemon: ThreadedDaemonClient
    /// A second connection, for a request a screen sends beside one on `daemon` (the feeds
    /// screen's counts, asked while the feed list comes).
    public let sideDaemon: ThreadedDaemonClient
    /// The connection the article screen asks for pictures on (a slow image holds no key's
    /// request); the screens' own with `reader: images: off`.
    public let pictureDaemon: ThreadedDaemonClient
    public let clock: any WallClock
    /// The config file's `keys:` and `reader:`.
    public let settings: ReaderSettings
    public var bindings: KeyBindings { settings.bindings }
    public let browser: ReaderBrowser
    /// The user's own programs (`pipe_to`, `bookmark_cmd`).
    public let commands: ReaderCommands
    /// The home directory (`HOME`), for `~` in the paths the user types.
    public let home: String?
    /// The shell; it outlives every screen.
    public unowned let navigator: any ReaderNavigator

    public init(
        daemon: ThreadedDaemonClient, sideDaemon: ThreadedDaemonClient, clock: any WallClock, settings: ReaderSettings,
        browser: ReaderBrowser, commands: ReaderCommands, home: String?, navigator: any ReaderNavigator,
        pictureDaemon: ThreadedDaemonClient? = nil
    ) {
        self.pictureDaemon = pictureDaemon ?? daemon
        self.commands = commands
        self.home = home
        self.daemon = daemon
        self.sideDaemon = sideDaemon
        self.clock = clock
        self.settings = settings
        self.browser = browser
        self.navigator = navigator
    }
}

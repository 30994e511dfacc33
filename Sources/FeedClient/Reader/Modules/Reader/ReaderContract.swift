import FeedEntities

// `tidings` on a terminal, or `tidings ui`: the interactive reader. This module is its shell:
// the stack of screens, the event loop, the status line and the daemon's live news. Each
// screen is a module of its own (ReaderFeeds, ReaderItems, ReaderArticle, ReaderLinks,
// ReaderSearch, ReaderHelp) whose Router pushes the next one through `ReaderNavigator`.

/// What every screen's presenter offers the shell. Main-actor isolated, as all drawing is.
@MainActor
public protocol ReaderScreen: AnyObject {
    /// The screen came on top, for the first time or back from the one above: load what it
    /// shows (through the daemon) and draw. Failures go to the status line.
    func screenWillAppear() async

    /// Draws the whole screen again at the screen's size, from what it already has.
    func redraw()

    /// Handles a key. `action` is what the key bindings make of it, `nil` for an unbound key
    /// (a prompt takes those as text).
    /// - Returns: whether the screen used the key; the shell handles the global ones
    ///   (`quit`, `hard-quit`, `help`, `reload-all`, `redraw`) that it did not.
    func handle(_ key: KeyPress, action: ReaderAction?) async -> Bool

    /// New items were stored or a refresh finished: update counts and lists through the
    /// daemon, keeping the cursor on the row it is on.
    func dataDidChange() async

    /// The window changed size: fetch again what depends on it (an article's wrapping)
    /// before `redraw()`.
    func sizeDidChange() async

    /// The actions the status line names while the screen is on top.
    var hintedActions: [ReaderAction] { get }

    /// Whether the screen draws only the bottom line (a prompt), over the screen below it.
    var isOverlay: Bool { get }
}

extension ReaderScreen {
    public var isOverlay: Bool { false }
    public func sizeDidChange() async {}
}

/// What the screens' Routers and Presenters may ask of the shell.
@MainActor
public protocol ReaderNavigator: AnyObject {
    /// Puts `screen` on top and lets it load and draw.
    func push(_ screen: any ReaderScreen) async
    /// Takes the top screen away (the reader ends when the last one goes) and shows the one below.
    func pop() async
    /// Replaces the top screen with `screen` (a search prompt becomes its results).
    func replaceTop(with screen: any ReaderScreen) async
    /// Ends the reader.
    func quit()
    /// Starts refreshing `feeds` (numbers; every feed when empty) in the background; progress
    /// shows on the status line and every screen is told when it is done.
    func refresh(feeds: [Int64])
    /// Shows a message on the status line until the next key.
    func say(_ message: String, isError: Bool)
    /// Asks `question` on the status line; the next key decides: `y` runs `action`, any other
    /// key cancels. For what cannot be undone (marking every item read).
    func confirm(_ question: String, then action: @escaping @MainActor () async -> Void)
    /// Runs `update` in the event loop after the events before it, then draws the screens
    /// again: a screen's answer that comes on its own time (a picture) reaches the screen in order.
    func deliver(_ update: @escaping @MainActor @Sendable () -> Void)
    /// Draws the status line and sends the frame to the terminal.
    func present()
    /// The terminal, for the one Router that leaves it (a terminal browser runs on it).
    var terminal: any FullScreenTerminal { get }
}

/// The shell's View: the terminal as a whole, below the screens' own Views.
@MainActor
public protocol ReaderShellView: AnyObject {
    /// Keys, resizes and signals, as they happen; finishes when the terminal's input ends.
    var events: AsyncStream<TerminalEvent> { get }
    /// Draws `status` on the last row (`nil` while a prompt has that row) and sends the frame:
    /// only the cells that changed.
    func present(status: ReaderStatusLine?)
    /// Clears the terminal and sends the whole frame again (Ctrl-L).
    func repaint()
    /// Gives the terminal back and stops the reader as a shell job (Ctrl-Z); returns once the
    /// shell continues it (`fg`), with the frame sent again.
    func suspendJob()
    /// Gives the terminal back for good. Idempotent.
    func end()
}

/// The daemon's side of the shell: its news and refreshes, on connections of their own, so
/// they never wait for a screen's request or the other way round.
public protocol ReaderLiveUseCase: Sendable {
    /// Checks that the daemon answers (starting it as every command does), before the screen
    /// is taken over.
    /// - Throws: `DaemonClientError` or `DaemonRefusal`.
    func connect() async throws

    /// Keeps a `watch` open and calls `onNewItems` from its own thread for each batch of new
    /// items; returns when the daemon stops.
    /// - Throws: `DaemonClientError` when the connection fails.
    func watch(_ onNewItems: @escaping @Sendable ([Item]) -> Void) async throws

    /// Refreshes `feeds` (numbers; all when empty), calling `progress` from its own thread.
    /// - Throws: `DaemonClientError` or `DaemonRefusal`; a feed that fails is in the summary.
    func refresh(feeds: [Int64], progress: @escaping @Sendable (ReaderRefreshProgress) -> Void) async throws -> ReaderRefreshSummary
}

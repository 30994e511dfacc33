import FeedEntities

/// The reader's shell: connects to the daemon, takes the terminal, keeps the stack of screens
/// and runs the one event loop in which keys, resizes, signals, new items and refresh progress
/// are handled in the order they happened. A handler that asks the daemon holds the next
/// event until it has its answer (milliseconds); refreshes run in the background.
@MainActor
public final class ReaderPresenter: ReaderNavigator {
    /// How the shell gets what it needs once the daemon answered.
    public struct Parts {
        /// Takes the terminal (full screen).
        public var beginTerminal: @MainActor () throws -> any FullScreenTerminal
        /// The shell's View on that terminal.
        public var makeShellView: @MainActor (any FullScreenTerminal) -> any ReaderShellView
        /// The first screen (the feeds).
        public var makeFirstScreen: @MainActor (any ReaderNavigator) -> any ReaderScreen
        /// Writes a failure before the terminal was taken or after it was given back.
        public var showFailure: @MainActor (CommandFailure) -> Void
        /// Ends the process with a status once the terminal was given back (on a signal). The
        /// executable's never returns; should it return (a test's), the loop ends as usual.
        public var endAtOnce: @MainActor (ExitStatus) -> Void

        public init(
            beginTerminal: @escaping @MainActor () throws -> any FullScreenTerminal,
            makeShellView: @escaping @MainActor (any FullScreenTerminal) -> any ReaderShellView,
            makeFirstScreen: @escaping @MainActor (any ReaderNavigator) -> any ReaderScreen,
            showFailure: @escaping @MainActor (CommandFailure) -> Void,
            endAtOnce: @escaping @MainActor (ExitStatus) -> Void
        ) {
            self.beginTerminal = beginTerminal
            self.makeShellView = makeShellView
            self.makeFirstScreen = makeFirstScreen
            self.showFailure = showFailure
            self.endAtOnce = endAtOnce
        }
    }

    private let parts: Parts
    let bindings: KeyBindings
    /// What a key after `macro-prefix` does.
    let macros: [KeyPress: [ReaderAction]]
    /// `macro-prefix` was pressed: the next key names a macro.
    var awaitingMacro = false
    private let live: any ReaderLiveUseCase
    private var fullScreen: (any FullScreenTerminal)?
    private(set) var view: (any ReaderShellView)?
    private(set) var stack: [any ReaderScreen] = []
    var status = ReaderStatusLine()
    private var refreshing = false
    /// New items came and the screens are to be told once the burst settles.
    private var newItemsPending = false
    /// How long the screens wait for more new items before they update: a refresh of many
    /// feeds stores them one feed at a time, and every update asks the daemon for the counts
    /// and the window again.
    static let newItemsPause: Duration = .milliseconds(150)
    var ending: ExitStatus?
    /// What `y` does at the next key, after `confirm`.
    var pendingConfirmation: (@MainActor () async -> Void)?
    private let events: AsyncStream<ReaderEvent>
    private let post: AsyncStream<ReaderEvent>.Continuation

    public init(parts: Parts, bindings: KeyBindings, macros: [KeyPress: [ReaderAction]] = [:], live: any ReaderLiveUseCase) {
        self.parts = parts
        self.bindings = bindings
        self.macros = macros
        self.live = live
        (events, post) = AsyncStream.makeStream(of: ReaderEvent.self)
    }

    /// Runs the reader until the user quits, a signal ends it or the terminal's input closes.
    /// - Returns: `.success` after a quit; the daemon's or terminal's failure otherwise.
    public func viewDidLoad() async -> ExitStatus {
        do {
            try await live.connect()
        } catch {
            let failure = CommandFailure(error, action: "cannot open the reader")
            parts.showFailure(failure)
            return failure.status
        }
        let terminal: any FullScreenTerminal
        do {
            terminal = try parts.beginTerminal()
        } catch {
            let failure = CommandFailure(error, action: "cannot open the reader")
            parts.showFailure(failure)
            return failure.status
        }
        fullScreen = terminal
        let view = parts.makeShellView(terminal)
        self.view = view
        startListening(to: view)

        await push(parts.makeFirstScreen(self))
        for await event in events {
            await handle(event)
            if ending != nil { break }
        }
        view.end()
        return ending ?? .success
    }

    // MARK: - ReaderNavigator

    public var terminal: any FullScreenTerminal {
        guard let fullScreen else { preconditionFailure("the reader's screens exist only while it has the terminal") }
        return fullScreen
    }

    public func push(_ screen: any ReaderScreen) async {
        stack.append(screen)
        status.hints = hints(for: screen)
        await screen.screenWillAppear()
        present()
    }

    public func pop() async {
        guard !stack.isEmpty else { return }
        stack.removeLast()
        guard let top = stack.last else {
            quit()
            return
        }
        status.hints = hints(for: top)
        await top.screenWillAppear()
        redrawAll()
    }

    public func replaceTop(with screen: any ReaderScreen) async {
        if !stack.isEmpty { stack.removeLast() }
        await push(screen)
    }

    public func quit() {
        if ending == nil { ending = .success }
    }

    public func refresh(feeds: [Int64]) {
        guard !refreshing else {
            say("A refresh is already running", isError: false)
            present()
            return
        }
        refreshing = true
        status.progress = "Refreshing…"
        present()
        let live = self.live
        let post = self.post
        Task {
            do {
                let summary = try await live.refresh(feeds: feeds) { progress in post.yield(.refreshProgress(progress)) }
                post.yield(.refreshFinished(.success(summary)))
            } catch {
                post.yield(.refreshFinished(.failure(ReaderRefreshFailure(message: CommandFailure(error, action: "cannot refresh").message))))
            }
        }
    }

    public func confirm(_ question: String, then action: @escaping @MainActor () async -> Void) {
        pendingConfirmation = action
        say(question + " (y/n)", isError: false)
    }

    public func say(_ message: String, isError: Bool) {
        status.message = message
        status.isError = isError
    }

    public func deliver(_ update: @escaping @MainActor @Sendable () -> Void) {
        post.yield(.update(update))
    }

    public func present() {
        // A prompt has the bottom row to itself.
        view?.present(status: stack.last?.isOverlay == true ? nil : status)
    }

    // MARK: - Events

    private func startListening(to view: any ReaderShellView) {
        let post = self.post
        let keys = view.events
        let endAtOnce = parts.endAtOnce
        Task { @MainActor in
            for await event in keys {
                switch event {
                case .terminate(let signal):
                    // At once, even while a screen waits for a stuck daemon: the terminal is
                    // given back and the process ends as the signal asks.
                    view.end()
                    endAtOnce(ExitStatus.interrupted(signal: signal))
                    post.yield(.terminal(event))
                case .suspend:
                    // Likewise: Ctrl-Z stops the reader even while it waits. The grid is sent
                    // again on resuming, so nothing needs drawing afterwards.
                    view.suspendJob()
                default:
                    post.yield(.terminal(event))
                }
            }
            post.yield(.terminal(.inputClosed))
        }
        let live = self.live
        Task {
            do {
                try await live.watch { items in post.yield(.newItems(items)) }
                post.yield(.watchEnded(nil))
            } catch {
                post.yield(.watchEnded(CommandFailure(error).message))
            }
        }
    }

    private func handle(_ event: ReaderEvent) async {
        switch event {
        case .terminal(let event):
            await handle(event)
        case .newItems(let items):
            guard !items.isEmpty, !newItemsPending else { return }
            newItemsPending = true
            let post = self.post
            Task {
                try? await Task.sleep(for: Self.newItemsPause)
                post.yield(.newItemsSettled)
            }
        case .newItemsSettled:
            newItemsPending = false
            await dataDidChange()
        case .watchEnded(let reason):
            say(reason.map { "No live updates: \($0)" } ?? "The daemon stopped: no live updates", isError: true)
            present()
        case .refreshProgress(let progress):
            status.progress = Self.progressText(progress)
            present()
        case .refreshFinished(let result):
            refreshing = false
            status.progress = nil
            switch result {
            case .success(let summary):
                say(Self.summaryText(summary), isError: !summary.failedFeeds.isEmpty)
            case .failure(let failure):
                say(failure.message, isError: true)
            }
            await dataDidChange()
        case .update(let update):
            update()
            redrawAll()
        }
    }

    /// Tells every screen, the hidden ones too, so that going back shows fresh counts.
    func dataDidChange() async {
        for screen in stack.reversed() { await screen.dataDidChange() }
        redrawAll()
    }

    /// Draws the top screen, over the one below it when it is a prompt, then the status line.
    func redrawAll() {
        guard let top = stack.last else { return }
        if top.isOverlay, stack.count > 1 { stack[stack.count - 2].redraw() }
        top.redraw()
        present()
    }

    /// `q:Quit ENTER:Open …`, naming each action by its first key, a character where it has one
    /// (`SPACE:Page down` rather than `NPAGE:Page down`).
    private func hints(for screen: any ReaderScreen) -> String {
        screen.hintedActions.compactMap { action in
            let keys = bindings.keys(for: action)
            let key = keys.first { if case .character = $0 { true } else { false } } ?? keys.first
            return key.map { "\(KeyBindings.name(of: $0)):\(action.hint)" }
        }.joined(separator: " ")
    }

    static func progressText(_ progress: ReaderRefreshProgress) -> String {
        let errors = progress.errors == 0 ? "" : ", \(Counted.phrase(progress.errors, "error"))"
        return "Refreshing \(progress.done)/\(progress.total) feeds\(errors)…"
    }

    static func summaryText(_ summary: ReaderRefreshSummary) -> String {
        var text = "Refreshed \(Counted.phrase(summary.feeds, "feed")): \(Counted.phrase(summary.newItems, "new item"))"
        if !summary.failedFeeds.isEmpty {
            text += "; failed: " + summary.failedFeeds.joined(separator: ", ")
        }
        return text
    }
}

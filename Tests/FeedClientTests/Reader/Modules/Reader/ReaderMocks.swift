import FeedEntities
@testable import FeedClient

/// A full-screen terminal on an in-memory grid, whose events the test sends.
@MainActor
final class FullScreenTerminalFake: FullScreenTerminal {
    let grid: MemoryScreen
    let events: AsyncStream<TerminalEvent>
    private let post: AsyncStream<TerminalEvent>.Continuation
    private(set) var suspended = 0
    private(set) var resumed = 0
    private(set) var stoppedProcess = 0
    private(set) var ended = 0
    private(set) var repainted = 0

    init(size: ScreenSize = ScreenSize(rows: 12, columns: 80)) {
        grid = MemoryScreen(size: size)
        (events, post) = AsyncStream.makeStream(of: TerminalEvent.self)
    }

    func send(_ events: TerminalEvent...) {
        for event in events { post.yield(event) }
    }

    func type(_ text: String) {
        for character in text { post.yield(.key(.character(character))) }
    }

    /// Standard input ends, as when the terminal hangs up.
    func closeInput() { post.finish() }

    func suspend() { suspended += 1 }
    func resume() { resumed += 1 }
    func suspendProcess() { stoppedProcess += 1 }
    func repaint() { repainted += 1 }
    func end() {
        ended += 1
        post.finish()
    }

    var graphics: TerminalGraphics?
    var size: ScreenSize { grid.size }
    var usesColor: Bool { grid.usesColor }
    func put(_ text: String, row: Int, column: Int, style: CellStyle) -> Int { grid.put(text, row: row, column: column, style: style) }
    func clearLine(row: Int, from column: Int, style: CellStyle) { grid.clearLine(row: row, from: column, style: style) }
    func placeCursor(at position: (row: Int, column: Int)?) { grid.placeCursor(at: position) }
    func place(_ picture: ScreenPicture) { grid.place(picture) }
    func present() { grid.present() }
}

/// The daemon's live side, scripted: `watch` delivers what the test posts.
final class ReaderLiveUseCaseFake: ReaderLiveUseCase, @unchecked Sendable {
    var connectError: (any Error)?
    let newItems: AsyncStream<[Item]>
    let postItems: AsyncStream<[Item]>.Continuation
    private(set) var refreshes: [[Int64]] = []

    init() {
        (newItems, postItems) = AsyncStream.makeStream(of: [Item].self)
    }

    func connect() async throws {
        if let connectError { throw connectError }
    }

    func watch(_ onNewItems: @escaping @Sendable ([Item]) -> Void) async throws {
        for await items in newItems { onNewItems(items) }
    }

    func refresh(feeds: [Int64], progress: @escaping @Sendable (ReaderRefreshProgress) -> Void) async throws -> ReaderRefreshSummary {
        refreshes.append(feeds)
        progress(ReaderRefreshProgress(done: 0, total: 2, errors: 0))
        progress(ReaderRefreshProgress(done: 2, total: 2, errors: 1))
        return ReaderRefreshSummary(feeds: 2, newItems: 5, failedFeeds: ["Broken"])
    }
}

/// A screen that records what the shell tells it and draws its name.
@MainActor
final class ReaderScreenSpy: ReaderScreen {
    let name: String
    let screen: any Screen
    var consumes: Set<ReaderAction> = []
    /// Handling a key waits until this is false again (a daemon that does not answer).
    var waitsForever = false
    private(set) var appeared = 0
    private(set) var changes = 0
    private(set) var resizes = 0
    private(set) var keys: [KeyPress] = []
    /// The actions the screen was handed, bound keys only.
    private(set) var actions: [ReaderAction] = []

    init(_ name: String, on screen: any Screen) {
        self.name = name
        self.screen = screen
    }

    var hintedActions: [ReaderAction] { [.quit, .help] }
    func screenWillAppear() async {
        appeared += 1
        redraw()
    }
    func redraw() {
        screen.clearLine(row: 0)
        screen.put(name, row: 0, column: 0, style: .plain)
    }
    func handle(_ key: KeyPress, action: ReaderAction?) async -> Bool {
        keys.append(key)
        if let action { actions.append(action) }
        while waitsForever { try? await Task.sleep(for: .milliseconds(5)) }
        return action.map(consumes.contains) ?? false
    }
    func dataDidChange() async { changes += 1 }
    func sizeDidChange() async { resizes += 1 }
}

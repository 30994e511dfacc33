import FeedEntities
import Testing
@testable import FeedClient

@MainActor
struct ReaderPresenterTests {
    let terminal = FullScreenTerminalFake()
    let live = ReaderLiveUseCaseFake()

    func presenter(
        first: ReaderScreenSpy, beginError: (any Error)? = nil, failures: FailureLog = FailureLog(),
        macros: [KeyPress: [ReaderAction]] = [:]
    ) -> ReaderPresenter {
        let terminal = self.terminal
        return ReaderPresenter(
            parts: .init(
                beginTerminal: {
                    if let beginError { throw beginError }
                    return terminal
                },
                makeShellView: { ScreenReaderShellView(terminal: $0) },
                makeFirstScreen: { _ in first },
                showFailure: { failures.entries.append($0) },
                endAtOnce: { failures.exits.append($0) }),
            bindings: .defaults, macros: macros, live: live)
    }

    @Test func aKeyAfterTheMacroPrefixRunsItsActionsInTurn() async {
        let first = ReaderScreenSpy("feeds", on: terminal)
        first.consumes = [.toggleStar, .nextUnread]
        let presenter = presenter(first: first, macros: [.character("x"): [.toggleStar, .nextUnread, .toggleStar]])
        terminal.type(",x,zQ")
        _ = await presenter.viewDidLoad()
        #expect(first.actions == [.macroPrefix, .toggleStar, .nextUnread, .toggleStar, .macroPrefix, .hardQuit])
        // The macro's actions come with their keys; `z`, a key without a macro, is the
        // prefix's and reaches no screen.
        #expect(first.keys == [",", "*", "n", "*", ",", "Q"].map { KeyPress.character(Character($0)) })
    }

    @MainActor
    final class FailureLog {
        var entries: [CommandFailure] = []
        var exits: [FeedClient.ExitStatus] = []
    }

    @Test func quitOnTheFirstScreenEndsTheReaderAndGivesTheTerminalBack() async {
        let first = ReaderScreenSpy("feeds", on: terminal)
        let presenter = presenter(first: first)
        terminal.type("jq")
        let status = await presenter.viewDidLoad()
        #expect(status == .success)
        #expect(first.keys == [.character("j"), .character("q")])
        #expect(terminal.ended == 1)
        #expect(terminal.grid.text(row: 0).hasPrefix("feeds"))
        #expect(terminal.grid.text(row: 11).contains("q:Quit"))
    }

    @Test func helpIsPushedAndQuitComesBack() async {
        let first = ReaderScreenSpy("feeds", on: terminal)
        let presenter = presenter(first: first)
        terminal.type("?")
        terminal.type("q")
        terminal.type("Q")
        _ = await presenter.viewDidLoad()
        #expect(first.appeared == 2)
        #expect(terminal.ended == 1)
    }

    @Test func aSignalGivesTheTerminalBackAndEndsTheProcessAtOnce() async {
        let log = FailureLog()
        let presenter = presenter(first: ReaderScreenSpy("feeds", on: terminal), failures: log)
        terminal.send(.terminate(signal: 15))
        _ = await presenter.viewDidLoad()
        #expect(log.exits == [FeedClient.ExitStatus.interrupted(signal: 15)])
        #expect(FeedClient.ExitStatus.interrupted(signal: 15).code == 143)
        #expect(terminal.ended >= 1)
    }

    @Test func aTerminalThatHangsUpEndsTheReaderAsSIGHUPWould() async {
        let presenter = presenter(first: ReaderScreenSpy("feeds", on: terminal))
        terminal.closeInput()
        #expect(await presenter.viewDidLoad() == FeedClient.ExitStatus.hangUp)
        #expect(FeedClient.ExitStatus.hangUp.code == 129)
        #expect(terminal.ended >= 1)
    }

    @Test func aSignalIsHeardWhileAScreenWaitsForTheDaemon() async {
        let log = FailureLog()
        let stuck = ReaderScreenSpy("feeds", on: terminal)
        stuck.waitsForever = true
        let presenter = presenter(first: stuck, failures: log)
        terminal.type("j")
        Task { @MainActor in
            for _ in 0..<200 where stuck.keys.isEmpty { try? await Task.sleep(for: .milliseconds(10)) }
            terminal.send(.terminate(signal: 2))
        }
        Task { @MainActor in
            for _ in 0..<500 where log.exits.isEmpty { try? await Task.sleep(for: .milliseconds(10)) }
            stuck.waitsForever = false
        }
        _ = await presenter.viewDidLoad()
        #expect(log.exits == [FeedClient.ExitStatus.interrupted(signal: 2)])
    }

    @Test func ctrlZStopsTheProcessAndRedraws() async {
        let first = ReaderScreenSpy("feeds", on: terminal)
        let presenter = presenter(first: first)
        terminal.send(.suspend, .resized)
        terminal.type("Q")
        _ = await presenter.viewDidLoad()
        #expect(terminal.stoppedProcess == 1)
        #expect(first.resizes == 1)
    }

    @Test func aRefreshRunsInTheBackgroundAndEveryScreenHearsOfItsEnd() async {
        let first = ReaderScreenSpy("feeds", on: terminal)
        let presenter = presenter(first: first)
        terminal.type("R")
        // Quit only once the refresh has been reported.
        Task { @MainActor in
            for _ in 0..<200 where first.changes == 0 { try? await Task.sleep(for: .milliseconds(10)) }
            terminal.type("Q")
        }
        _ = await presenter.viewDidLoad()
        #expect(live.refreshes == [[]])
        #expect(first.changes == 1)
        #expect(terminal.grid.text(row: 11).hasPrefix("Refreshed 2 feeds: 5 new items; failed: Broken"))
    }

    @Test func newItemsFromTheWatchReachTheScreens() async {
        let first = ReaderScreenSpy("feeds", on: terminal)
        let presenter = presenter(first: first)
        live.postItems.yield([Fixtures.item(1)])
        Task { @MainActor in
            for _ in 0..<200 where first.changes == 0 { try? await Task.sleep(for: .milliseconds(10)) }
            terminal.type("Q")
        }
        _ = await presenter.viewDidLoad()
        #expect(first.changes == 1)
    }

    @Test func aBurstOfNewItemsUpdatesTheScreensOnce() async {
        let first = ReaderScreenSpy("feeds", on: terminal)
        let presenter = presenter(first: first)
        for number in 1...5 { live.postItems.yield([Fixtures.item(Int64(number))]) }
        Task { @MainActor in
            for _ in 0..<200 where first.changes == 0 { try? await Task.sleep(for: .milliseconds(10)) }
            terminal.type("Q")
        }
        _ = await presenter.viewDidLoad()
        #expect(first.changes == 1)
    }

    @Test func aQuestionIsAnsweredByTheNextKeyOnly() async {
        let presenter = presenter(first: ReaderScreenSpy("feeds", on: terminal))
        let log = FailureLog()
        presenter.confirm("Mark every item of every feed read?") { log.entries.append(CommandFailure(message: "ran")) }
        terminal.type("nQ")
        _ = await presenter.viewDidLoad()
        #expect(log.entries.isEmpty)
        #expect(terminal.grid.text(row: 11).hasPrefix("Cancelled"))

        let second = FullScreenTerminalFake()
        let again = ReaderPresenter(
            parts: .init(
                beginTerminal: { second }, makeShellView: { ScreenReaderShellView(terminal: $0) },
                makeFirstScreen: { _ in ReaderScreenSpy("feeds", on: second) }, showFailure: { _ in }, endAtOnce: { _ in }),
            bindings: .defaults, live: live)
        again.confirm("Mark every item of every feed read?") { log.entries.append(CommandFailure(message: "ran")) }
        second.type("yQ")
        _ = await again.viewDidLoad()
        #expect(log.entries.map(\.message) == ["ran"])
    }

    @Test func anUnreachableDaemonFailsBeforeTheScreenIsTaken() async {
        live.connectError = DaemonClientError.unreachable(socketPath: "/tmp/x.sock", reason: .noSocket)
        let log = FailureLog()
        let presenter = presenter(first: ReaderScreenSpy("feeds", on: terminal), failures: log)
        let status = await presenter.viewDidLoad()
        #expect(status == .daemonUnreachable)
        #expect(terminal.ended == 0)
        #expect(log.entries.count == 1)
    }
}

import FeedIPC
import Testing
@testable import FeedClient

struct ChangeFeedSettingsPresenterTests {
    let view = ChangeFeedSettingsViewSpy()

    private func presenter(_ change: FeedSettingsChange, _ interactor: ChangeFeedSettingsUseCaseStub) -> ChangeFeedSettingsPresenter {
        ChangeFeedSettingsPresenter(
            selector: "3", change: change, view: view, interactor: interactor, clock: FixedClock(now: Fixtures.now))
    }

    @Test func showsTheSettingsAfterTheChange() async throws {
        let feed = try Fixtures.feed(3, settings: ["interval=2h", "cookie=c00kie", "auth_password_command=pass show 'a b'"])
        let interactor = ChangeFeedSettingsUseCaseStub(.success(feed))
        let change = FeedSettingsChange(set: ["interval=2h"])
        let status = await presenter(change, interactor).viewDidLoad()
        #expect(interactor.requests.map(\.feed) == ["3"])
        #expect(interactor.requests.map(\.change) == [change])
        #expect(view.shown == [[
            FeedSettingLine(key: "interval", value: "2h"), FeedSettingLine(key: "cookie", value: "(hidden)"),
            FeedSettingLine(key: "auth_password_command", value: "pass show 'a b'"),
        ]])
        #expect(view.feeds == [FeedRow(feed, now: Fixtures.now, clock: FixedClock(now: Fixtures.now))])
        #expect(status == .success)
    }

    @Test func aFeedWithoutSettingsShowsNoLines() async {
        _ = await presenter(FeedSettingsChange(), ChangeFeedSettingsUseCaseStub(.success(Fixtures.feed(3)))).viewDidLoad()
        #expect(view.shown == [[]])
    }

    @Test func aRefusedSettingIsTheDaemonsMessageAfterWhatWasTried() async {
        let error = DaemonRefusal(RPCError(.invalidParams, "bad value for `interval`: `soon` (a duration such as 30m, 2h or 1d; a number alone is seconds)"))
        let status = await presenter(FeedSettingsChange(set: ["interval=soon"]), ChangeFeedSettingsUseCaseStub(.failure(error))).viewDidLoad()
        #expect(view.failures == [CommandFailure(
            message: "cannot change the settings of feed 3: bad value for `interval`: `soon` (a duration such as 30m, 2h or 1d; a number alone is seconds)")])
        #expect(view.shown.isEmpty)
        #expect(status == .failure)
    }

    @Test func anUnknownFeedFailsToShow() async {
        let status = await presenter(FeedSettingsChange(), ChangeFeedSettingsUseCaseStub(.failure(DaemonRefusal(RPCError(.notFound, "no feed 3"))))).viewDidLoad()
        #expect(view.failures == [CommandFailure(message: "cannot show the settings of feed 3: no feed 3")])
        #expect(status == .failure)
    }

    @Test func anOlderDaemonIsToldApart() async {
        let error = DaemonRefusal(RPCError(.methodNotFound, "Method not found: feeds.settings"))
        _ = await presenter(FeedSettingsChange(unset: ["interval"]), ChangeFeedSettingsUseCaseStub(.failure(error))).viewDidLoad()
        #expect(view.failures == [CommandFailure(
            message: "cannot change the settings of feed 3: the daemon is older than this tidings and has no feed settings; restart it")])
    }

    @Test func anUnreachableDaemonExitsWithThree() async {
        let failure = DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)
        let status = await presenter(FeedSettingsChange(), ChangeFeedSettingsUseCaseStub(.failure(failure))).viewDidLoad()
        #expect(status == .daemonUnreachable)
    }
}

import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct WatchPresenterTests {
    let view = WatchViewSpy()

    func presenter(_ interactor: WatchUseCaseStub) -> WatchPresenter {
        WatchPresenter(view: view, interactor: interactor, clock: FixedClock(now: Fixtures.now, offset: 3600))
    }

    @Test func eachBatchIsShownAtOnceAndTheDaemonStoppingEndsWithFailure() async throws {
        var starred = Fixtures.item(42, title: "Starred")
        starred.isStarred = true
        let interactor = WatchUseCaseStub(events: [.newItems([Fixtures.item(41), starred]), .newItems([]), .newItems([Fixtures.item(43)])])
        let status = await presenter(interactor).viewDidLoad()
        #expect(interactor.watches == 1)
        #expect(view.shown.map { $0.map(\.number) } == [[41, 42], [43]])
        let mapper = ItemRowMapper(clock: FixedClock(now: Fixtures.now, offset: 3600))
        #expect(view.shown[0][1] == mapper.row(for: starred))
        #expect(view.shown[0][1].localDate == "2026-11-22 11:00")
        #expect(view.notes == ["the daemon stopped"])
        #expect(view.failures.isEmpty)
        #expect(status == .failure)
    }

    @Test func anUnreadableNotificationIsOneNoteAndWatchingGoesOn() async {
        let interactor = WatchUseCaseStub(events: [.unreadable(reason: "params.items.0.id: expected a number"), .newItems([Fixtures.item(7)])])
        _ = await presenter(interactor).viewDidLoad()
        #expect(view.notes == [
            "skipped new items the daemon announced but this client cannot read (params.items.0.id: expected a number)",
            "the daemon stopped",
        ])
        #expect(view.shown.map { $0.map(\.number) } == [[7]])
    }

    @Test func aLostConnectionIsAFailure() async {
        let interactor = WatchUseCaseStub(events: [.newItems([Fixtures.item(7)])], error: DaemonClientError.connectionLost)
        let status = await presenter(interactor).viewDidLoad()
        #expect(view.shown.count == 1)
        #expect(view.notes.isEmpty)
        #expect(view.failures == [CommandFailure(DaemonClientError.connectionLost, action: "cannot watch")])
        #expect(status == .failure)
    }

    @Test func anUnreachableDaemonExitsThree() async {
        let interactor = WatchUseCaseStub(events: [], error: DaemonClientError.unreachable(socketPath: "/x.sock", reason: .noSocket))
        let status = await presenter(interactor).viewDidLoad()
        #expect(view.failures.count == 1)
        #expect(status == .daemonUnreachable)
    }
}

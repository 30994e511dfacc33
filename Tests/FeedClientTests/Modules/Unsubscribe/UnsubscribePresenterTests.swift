import FeedIPC
import Testing
@testable import FeedClient

struct UnsubscribePresenterTests {
    let view = UnsubscribeViewSpy()

    private func presenter(
        _ selector: String, deleteStarred: Bool = false, _ interactor: UnsubscribeUseCaseStub
    ) -> UnsubscribePresenter {
        UnsubscribePresenter(
            selectors: [selector], deleteStarred: deleteStarred, view: view, interactor: interactor,
            clock: FixedClock(now: Fixtures.now))
    }

    @Test func confirmsWhatWasRemoved() async {
        let interactor = UnsubscribeUseCaseStub(Fixtures.feed(3, title: "Kernel Notes", items: 12))
        let status = await presenter("kern", interactor).viewDidLoad()
        #expect(interactor.selectors == ["kern"] && interactor.deleteStarred == [false])
        #expect(view.confirmations == [#"Unsubscribed from "Kernel Notes" (12 items deleted)"#])
        #expect(view.counts.map(\.deleted) == [12] && view.counts.map(\.kept) == [0])
        #expect(status == .success)
    }

    @Test func saysWhichStarredItemsStayedAndHowToDeleteThem() async {
        let feed = Fixtures.feed(3, title: "Kernel Notes", items: 20)
        for (kept, line) in [
            (2, #"Unsubscribed from "Kernel Notes" (18 items deleted, 2 starred items kept; --delete-starred deletes them too)"#),
            (1, #"Unsubscribed from "Kernel Notes" (19 items deleted, 1 starred item kept; --delete-starred deletes it too)"#),
        ] {
            let view = UnsubscribeViewSpy()
            let interactor = UnsubscribeUseCaseStub(.success(.init(feed: feed, deletedItems: 20 - kept, keptItems: kept)))
            _ = await UnsubscribePresenter(
                selectors: ["3"], view: view, interactor: interactor, clock: FixedClock(now: Fixtures.now)
            ).viewDidLoad()
            #expect(view.confirmations == [line])
            #expect(view.counts.map(\.kept) == [kept])
        }
    }

    @Test func asksTheDaemonToDeleteStarredItemsWhenTold() async {
        let interactor = UnsubscribeUseCaseStub(Fixtures.feed(3, title: "Kernel Notes", items: 20))
        _ = await presenter("3", deleteStarred: true, interactor).viewDidLoad()
        #expect(interactor.deleteStarred == [true])
        #expect(view.confirmations == [#"Unsubscribed from "Kernel Notes" (20 items deleted)"#])
    }

    @Test func handsTheViewTheFeedAsItWas() async {
        var feed = Fixtures.feed(3, title: "Kernel Notes", lastError: "HTTP 503", items: 12, unread: 4)
        feed.tags = ["linux"]
        _ = await presenter("3", UnsubscribeUseCaseStub(feed)).viewDidLoad()
        #expect(view.feeds == [FeedRow(feed, now: Fixtures.now, clock: FixedClock(now: Fixtures.now))])
        #expect(view.feeds.first?.health == .failing)
        #expect(view.feeds.first?.total == 12)
    }

    @Test func reportsAnAmbiguousSelectorAsTheDaemonPutsIt() async {
        let message = "'Ke' matches 2 feeds: 2 Kernel Notes, 5 KDE News; give the number or URL"
        let interactor = UnsubscribeUseCaseStub(.failure(DaemonRefusal(RPCError(.ambiguous, message))))
        let status = await presenter("Ke", interactor).viewDidLoad()
        #expect(view.failures == [CommandFailure(message: message)])
        #expect(view.feeds.isEmpty)
        #expect(status == .failure)
    }
}

extension UnsubscribePresenterTests {
    @Test func severalFeedsAreRemovedInTurnAndOneThatFailsDoesNotStopTheOthers() async {
        let interactor = UnsubscribeUseCaseStub(Fixtures.feed(5, title: "Planet"))
        interactor.failures["zzz"] = DaemonRefusal(RPCError(.notFound, "no feed matches 'zzz'"))
        let status = await UnsubscribePresenter(
            selectors: ["31", "zzz", "33"], view: view, interactor: interactor, clock: FixedClock(now: Fixtures.now)
        ).viewDidLoad()
        #expect(interactor.selectors == ["31", "zzz", "33"])
        #expect(view.confirmations.count == 2)
        #expect(view.failures.map(\.message) == ["cannot unsubscribe from 'zzz': no feed matches 'zzz'"])
        #expect(status == .failure)
    }
}

import FeedIPC
import Testing
@testable import FeedClient

struct UnsubscribePresenterTests {
    let view = UnsubscribeViewSpy()
    let wireframe = UnsubscribeWireframeSpy()

    private func presenter(_ selector: String, _ interactor: UnsubscribeUseCaseStub) -> UnsubscribePresenter {
        UnsubscribePresenter(
            selector: selector, view: view, interactor: interactor, wireframe: wireframe, clock: FixedClock(now: Fixtures.now))
    }

    @Test func confirmsWhatWasRemoved() async {
        let interactor = UnsubscribeUseCaseStub(.success(Fixtures.feed(3, title: "Kernel Notes", items: 12)))
        await presenter("kern", interactor).viewDidLoad()
        #expect(interactor.selectors == ["kern"])
        #expect(view.confirmations == [#"Unsubscribed from "Kernel Notes" (12 items deleted)"#])
        #expect(wireframe.routes == [.exit(.success)])
    }

    @Test func handsTheViewTheFeedAsItWas() async {
        var feed = Fixtures.feed(3, title: "Kernel Notes", lastError: "HTTP 503", items: 12, unread: 4)
        feed.tags = ["linux"]
        await presenter("3", UnsubscribeUseCaseStub(.success(feed))).viewDidLoad()
        #expect(view.feeds == [FeedRow(feed, now: Fixtures.now, clock: FixedClock(now: Fixtures.now))])
        #expect(view.feeds.first?.health == .failing)
        #expect(view.feeds.first?.total == 12)
    }

    @Test func reportsAnAmbiguousSelector() async {
        let interactor = UnsubscribeUseCaseStub(.failure(RPCError(.ambiguous, "'k' matches 2 feeds: Kernel Notes, KDE News")))
        await presenter("k", interactor).viewDidLoad()
        #expect(view.failures == [CommandFailure(message: "cannot unsubscribe from 'k': 'k' matches 2 feeds: Kernel Notes, KDE News")])
        #expect(view.feeds.isEmpty)
        #expect(wireframe.routes == [.exit(.failure)])
    }
}

import FeedIPC
import Testing
@testable import FeedClient

struct RenameFeedPresenterTests {
    let view = RenameFeedViewSpy()

    private func presenter(_ selector: String, title: String?, _ interactor: RenameFeedUseCaseStub) -> RenameFeedPresenter {
        RenameFeedPresenter(
            selector: selector, title: title, view: view, interactor: interactor,
            clock: FixedClock(now: Fixtures.now))
    }

    @Test func confirmsWithTheFeedsNumberAndNewTitle() async {
        let interactor = RenameFeedUseCaseStub(.success(Fixtures.feed(3, title: "New title")))
        let status = await presenter("Planet", title: "New title", interactor).viewDidLoad()
        #expect(interactor.requests.map(\.selector) == ["Planet"])
        #expect(interactor.requests.map(\.title) == ["New title"])
        #expect(view.confirmations == [#"Renamed feed 3 to "New title""#])
        #expect(status == .success)
    }

    @Test func resetSaysTheFeedHasItsOwnTitleAgain() async {
        let interactor = RenameFeedUseCaseStub(.success(Fixtures.feed(3, title: "Planet Terminal")))
        _ = await presenter("3", title: nil, interactor).viewDidLoad()
        #expect(interactor.requests.map(\.title) == [nil])
        #expect(view.confirmations == [#"Renamed feed 3 back to "Planet Terminal" (the feed's own title)"#])
    }

    @Test func handsTheViewTheFeedAfterTheChange() async {
        var feed = Fixtures.feed(3, title: "Mein Blog")
        feed.hasCustomTitle = true
        _ = await presenter("3", title: "Mein Blog", RenameFeedUseCaseStub(.success(feed))).viewDidLoad()
        #expect(view.feeds == [FeedRow(feed, now: Fixtures.now, clock: FixedClock(now: Fixtures.now))])
        #expect(view.feeds.first?.title == "Mein Blog")
    }

    @Test func wordsAreJoinedByOneSpace() {
        #expect(RenameFeedPresenter.title(joining: ["My", " own ", "feed"]) == "My own feed")
        #expect(RenameFeedPresenter.title(joining: ["Two  spaces kept inside"]) == "Two  spaces kept inside")
        #expect(RenameFeedPresenter.title(joining: [" ", "\t"]) == nil)
        #expect(RenameFeedPresenter.title(joining: []) == nil)
    }

    @Test func failuresNameTheFeed() async {
        let interactor = RenameFeedUseCaseStub(.failure(DaemonRefusal(RPCError(.notFound, "no feed matches 'Nope'"))))
        let status = await presenter("Nope", title: "X", interactor).viewDidLoad()
        #expect(view.failures == [CommandFailure(message: "cannot rename 'Nope': no feed matches 'Nope'")])
        #expect(status == .failure)
    }
}

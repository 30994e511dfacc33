import FeedIPC
import Testing
@testable import FeedClient

struct TagFeedPresenterTests {
    let view = TagFeedViewSpy()

    private func presenter(_ selector: String, _ changes: TagChanges, _ interactor: TagFeedUseCaseStub) -> TagFeedPresenter {
        TagFeedPresenter(
            selector: selector, changes: changes, view: view, interactor: interactor,
            clock: FixedClock(now: Fixtures.now))
    }

    @Test func showsTheTagsAfterTheChange() async {
        let interactor = TagFeedUseCaseStub(.success(Fixtures.taggedFeed(3, tags: ["linux", "news"])))
        let changes = TagChanges(add: ["news"], remove: ["old"])
        let status = await presenter("3", changes, interactor).viewDidLoad()
        #expect(interactor.requests.map(\.selector) == ["3"])
        #expect(interactor.requests.map(\.changes) == [changes])
        #expect(view.lines == ["Planet Terminal: linux, news"])
        #expect(status == .success)
    }

    @Test func handsTheViewTheFeedAfterTheChange() async {
        let feed = Fixtures.taggedFeed(3, tags: ["linux", "news"])
        _ = await presenter("3", TagChanges(add: ["news"]), TagFeedUseCaseStub(.success(feed))).viewDidLoad()
        #expect(view.feeds == [FeedRow(feed, now: Fixtures.now, clock: FixedClock(now: Fixtures.now))])
        #expect(view.feeds.first?.tags == ["linux", "news"])
    }

    @Test func aFeedWithoutTagsSaysSo() {
        #expect(TagFeedPresenter.line(for: Fixtures.taggedFeed(1, title: "Kernel Notes", tags: [])) == "Kernel Notes: no tags")
    }

    @Test func failuresNameTheFeed() async {
        let interactor = TagFeedUseCaseStub(.failure(DaemonRefusal(RPCError(.notFound, "no feed matches 'P'"))))
        let status = await presenter("P", TagChanges(add: ["x"]), interactor).viewDidLoad()
        #expect(view.failures == [CommandFailure(message: "cannot tag 'P': no feed matches 'P'")])
        #expect(view.feeds.isEmpty)
        #expect(status == .failure)
    }

    @Test func failingToShowTagsSaysSo() async {
        _ = await presenter("9", TagChanges(), TagFeedUseCaseStub(.failure(DaemonRefusal(RPCError(.notFound, "no feed 9"))))).viewDidLoad()
        #expect(view.failures == [CommandFailure(message: "cannot show the tags of '9': no feed 9")])
    }

    @Test func anUnreachableDaemonExitsWithThree() async {
        let interactor = TagFeedUseCaseStub(.failure(DaemonClientError.unreachable(socketPath: "/s", reason: .refused)))
        let status = await presenter("1", TagChanges(), interactor).viewDidLoad()
        #expect(status == .daemonUnreachable)
    }
}

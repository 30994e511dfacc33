import FeedIPC
import Testing
@testable import FeedClient

struct TagFeedPresenterTests {
    let view = TagFeedViewSpy()
    let wireframe = TagFeedWireframeSpy()

    @Test func showsTheTagsAfterTheChange() async {
        let interactor = TagFeedUseCaseStub(.success(Fixtures.taggedFeed(3, tags: ["linux", "news"])))
        let changes = TagChanges(add: ["news"], remove: ["old"])
        let presenter = TagFeedPresenter(selector: "3", changes: changes, view: view, interactor: interactor, wireframe: wireframe)
        await presenter.viewDidLoad()
        #expect(interactor.requests.map(\.selector) == ["3"])
        #expect(interactor.requests.map(\.changes) == [changes])
        #expect(view.lines == ["Planet Terminal: linux, news"])
        #expect(wireframe.routes == [.exit(.success)])
    }

    @Test func aFeedWithoutTagsSaysSo() {
        #expect(TagFeedPresenter.line(for: Fixtures.taggedFeed(1, title: "Kernel Notes", tags: [])) == "Kernel Notes: no tags")
    }

    @Test func failuresNameTheFeed() async {
        let interactor = TagFeedUseCaseStub(.failure(RPCError(.ambiguous, "'P' matches 2 feeds: Planet, Pod")))
        let presenter = TagFeedPresenter(
            selector: "P", changes: TagChanges(add: ["x"]), view: view, interactor: interactor, wireframe: wireframe)
        await presenter.viewDidLoad()
        #expect(view.failures == [CommandFailure(message: "cannot tag 'P': 'P' matches 2 feeds: Planet, Pod")])
        #expect(wireframe.routes == [.exit(.failure)])
    }

    @Test func failingToShowTagsSaysSo() async {
        let interactor = TagFeedUseCaseStub(.failure(RPCError(.notFound, "no feed 9")))
        let presenter = TagFeedPresenter(selector: "9", changes: TagChanges(), view: view, interactor: interactor, wireframe: wireframe)
        await presenter.viewDidLoad()
        #expect(view.failures == [CommandFailure(message: "cannot show the tags of '9': no feed 9")])
    }

    @Test func anUnreachableDaemonExitsWithThree() async {
        let interactor = TagFeedUseCaseStub(.failure(DaemonClientError.unreachable(socketPath: "/s", reason: .refused)))
        let presenter = TagFeedPresenter(selector: "1", changes: TagChanges(), view: view, interactor: interactor, wireframe: wireframe)
        await presenter.viewDidLoad()
        #expect(wireframe.routes == [.exit(.daemonUnreachable)])
    }
}

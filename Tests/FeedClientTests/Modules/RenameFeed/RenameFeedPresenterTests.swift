import FeedIPC
import Testing
@testable import FeedClient

struct RenameFeedPresenterTests {
    let view = RenameFeedViewSpy()
    let wireframe = RenameFeedWireframeSpy()

    @Test func confirmsWithTheFeedsNumberAndNewTitle() async {
        let interactor = RenameFeedUseCaseStub(.success(Fixtures.feed(3, title: "New title")))
        let presenter = RenameFeedPresenter(selector: "Planet", title: "New title", view: view, interactor: interactor, wireframe: wireframe)
        await presenter.viewDidLoad()
        #expect(interactor.requests.map(\.selector) == ["Planet"])
        #expect(interactor.requests.map(\.title) == ["New title"])
        #expect(view.confirmations == [#"Renamed feed 3 to "New title""#])
        #expect(wireframe.routes == [.exit(.success)])
    }

    @Test func resetSaysTheFeedHasItsOwnTitleAgain() async {
        let interactor = RenameFeedUseCaseStub(.success(Fixtures.feed(3, title: "Planet Terminal")))
        let presenter = RenameFeedPresenter(selector: "3", title: nil, view: view, interactor: interactor, wireframe: wireframe)
        await presenter.viewDidLoad()
        #expect(interactor.requests.map(\.title) == [nil])
        #expect(view.confirmations == [#"Renamed feed 3 back to "Planet Terminal" (the feed's own title)"#])
    }

    @Test func wordsAreJoinedByOneSpace() {
        #expect(RenameFeedPresenter.title(joining: ["My", " own ", "feed"]) == "My own feed")
        #expect(RenameFeedPresenter.title(joining: ["Two  spaces kept inside"]) == "Two  spaces kept inside")
        #expect(RenameFeedPresenter.title(joining: [" ", "\t"]) == nil)
        #expect(RenameFeedPresenter.title(joining: []) == nil)
    }

    @Test func failuresNameTheFeed() async {
        let interactor = RenameFeedUseCaseStub(.failure(RPCError(.notFound, "no feed matches 'Nope'")))
        let presenter = RenameFeedPresenter(selector: "Nope", title: "X", view: view, interactor: interactor, wireframe: wireframe)
        await presenter.viewDidLoad()
        #expect(view.failures == [CommandFailure(message: "cannot rename 'Nope': no feed matches 'Nope'")])
        #expect(wireframe.routes == [.exit(.failure)])
    }
}

import FeedIPC
import Testing
@testable import FeedClient

struct UnsubscribePresenterTests {
    let view = UnsubscribeViewSpy()
    let wireframe = UnsubscribeWireframeSpy()

    @Test func confirmsWhatWasRemoved() async {
        let interactor = UnsubscribeUseCaseStub(.success(Fixtures.feed(3, title: "Kernel Notes", items: 12)))
        await UnsubscribePresenter(selector: "kern", view: view, interactor: interactor, wireframe: wireframe).viewDidLoad()
        #expect(interactor.selectors == ["kern"])
        #expect(view.confirmations == [#"Unsubscribed from "Kernel Notes" (12 items deleted)"#])
        #expect(wireframe.routes == [.exit(.success)])
    }

    @Test func reportsAnAmbiguousSelector() async {
        let interactor = UnsubscribeUseCaseStub(.failure(RPCError(.ambiguous, "'k' matches 2 feeds: Kernel Notes, KDE News")))
        await UnsubscribePresenter(selector: "k", view: view, interactor: interactor, wireframe: wireframe).viewDidLoad()
        #expect(view.failures == [CommandFailure(message: "cannot unsubscribe from 'k': 'k' matches 2 feeds: Kernel Notes, KDE News")])
        #expect(wireframe.routes == [.exit(.failure)])
    }
}

import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct SubscribePresenterTests {
    let view = SubscribeViewSpy()
    let wireframe = SubscribeWireframeSpy()

    @Test func confirmsWithTitleAndItemCount() async {
        let interactor = SubscribeUseCaseStub(.success(Fixtures.feed(4, title: "Planet Terminal", items: 3)))
        let presenter = SubscribePresenter(url: "https://p.example/rss", view: view, interactor: interactor, wireframe: wireframe)
        await presenter.viewDidLoad()
        #expect(interactor.urls == ["https://p.example/rss"])
        #expect(view.confirmations == [#"Subscribed to "Planet Terminal" (3 items)"#])
        #expect(wireframe.routes == [.exit(.success)])
    }

    @Test func singularItem() {
        #expect(SubscribePresenter.confirmation(for: Fixtures.feed(1, title: "One", items: 1)) == #"Subscribed to "One" (1 item)"#)
    }

    @Test func reportsTheDaemonsReasonForTheURL() async {
        let interactor = SubscribeUseCaseStub(.failure(RPCError(.fetchFailed, "HTTP 404 Not Found")))
        let presenter = SubscribePresenter(url: "http://127.0.0.1:8080/missing.xml", view: view, interactor: interactor, wireframe: wireframe)
        await presenter.viewDidLoad()
        #expect(view.confirmations.isEmpty)
        #expect(view.failures == [CommandFailure(message: "cannot subscribe to http://127.0.0.1:8080/missing.xml: HTTP 404 Not Found")])
        #expect(wireframe.routes == [.exit(.failure)])
    }

    @Test func anUnreachableDaemonExitsWithThree() async {
        let interactor = SubscribeUseCaseStub(.failure(DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)))
        let presenter = SubscribePresenter(url: "https://x/", view: view, interactor: interactor, wireframe: wireframe)
        await presenter.viewDidLoad()
        #expect(view.failures.first?.message.hasPrefix("the daemon is not running") == true)
        #expect(wireframe.routes == [.exit(.daemonUnreachable)])
    }
}

import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct OpenItemPresenterTests {
    let view = OpenItemViewSpy()
    let wireframe = OpenItemWireframeSpy()

    func run(_ number: Int64, _ interactor: OpenItemUseCaseStub) async {
        await OpenItemPresenter(number: number, view: view, interactor: interactor, wireframe: wireframe).viewDidLoad()
    }

    @Test func opensTheLinkThenMarksTheItemRead() async {
        let interactor = OpenItemUseCaseStub(.success(Fixtures.item(12, link: "https://planet.example.org/tiling")), browser: "w3m %s")
        await run(12, interactor)
        #expect(wireframe.routes == [
            .browser(link: "https://planet.example.org/tiling", configuredBrowser: "w3m %s"), .exit(.success),
        ])
        #expect(interactor.markedRead == [12])
        #expect(view.failures.isEmpty)
    }

    @Test(arguments: ["javascript:alert(1)", "file:///etc/passwd", "data:text/html,hi", "JAVASCRIPT:x"])
    func refusesNonWebLinksWithoutNavigatingOrMarkingRead(_ link: String) async {
        let interactor = OpenItemUseCaseStub(.success(Fixtures.item(5, link: link)))
        await run(5, interactor)
        #expect(view.failures == [CommandFailure(message: "refusing to open '\(link)': only http and https links are opened")])
        #expect(wireframe.routes == [.exit(.failure)])
        #expect(interactor.markedRead.isEmpty)
    }

    @Test func anUnknownNumberIsNoItem() async {
        let interactor = OpenItemUseCaseStub(.failure(RPCError(.notFound, "item 999 not found")))
        await run(999, interactor)
        #expect(view.failures == [CommandFailure(message: "no item 999")])
        #expect(wireframe.routes == [.exit(.failure)])
    }

    @Test func anItemWithoutLinkCannotBeOpened() async {
        let interactor = OpenItemUseCaseStub(.success(Fixtures.item(3, link: "  ")))
        await run(3, interactor)
        #expect(view.failures == [CommandFailure(message: "item 3 has no link")])
        #expect(interactor.markedRead.isEmpty)
    }

    @Test func surroundingWhitespaceIsTrimmed() async {
        let interactor = OpenItemUseCaseStub(.success(Fixtures.item(3, link: "\n https://x.example/a \t")))
        await run(3, interactor)
        #expect(wireframe.routes.first == .browser(link: "https://x.example/a", configuredBrowser: nil))
    }

    @Test func aFailedBrowserLeavesTheItemUnread() async {
        let interactor = OpenItemUseCaseStub(.success(Fixtures.item(4)))
        wireframe.browserError = .browserFailed(program: "firefox", status: 1)
        await run(4, interactor)
        #expect(view.failures == [CommandFailure(message: "the browser 'firefox' exited with status 1")])
        #expect(wireframe.routes.last == .exit(.failure))
        #expect(interactor.markedRead.isEmpty)
    }

    @Test func failingToMarkReadIsReported() async {
        let interactor = OpenItemUseCaseStub(.success(Fixtures.item(4)))
        interactor.markReadError = DaemonClientError.connectionLost
        await run(4, interactor)
        #expect(view.failures.first?.message.hasPrefix("the daemon closed the connection") == true)
        #expect(wireframe.routes.last == .exit(.failure))
    }
}

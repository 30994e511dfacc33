import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct OpenItemPresenterTests {
    let view = OpenItemViewSpy()
    let wireframe = OpenItemWireframeSpy()

    @discardableResult
    func run(_ number: Int64?, _ interactor: OpenItemUseCaseStub, enclosure: Bool = false) async -> FeedClient.ExitStatus {
        let request = OpenItemRequest(number: number, opensEnclosure: enclosure)
        return await OpenItemPresenter(request: request, view: view, interactor: interactor, wireframe: wireframe).viewDidLoad()
    }

    static func podcast(_ number: Int64, enclosures: [Enclosure]) -> Item {
        var item = Fixtures.item(number, link: "https://pod.example/episode-1")
        item.enclosures = enclosures
        return item
    }

    @Test func opensTheLinkThenMarksTheItemRead() async {
        let interactor = OpenItemUseCaseStub(.success(Fixtures.item(12, link: "https://planet.example.org/tiling")), browser: "w3m %s")
        let status = await run(12, interactor)
        #expect(wireframe.routes == [.browser(link: "https://planet.example.org/tiling", configuredBrowser: "w3m %s")])
        #expect(status == .success)
        #expect(interactor.markedRead == [12])
        #expect(view.failures.isEmpty)
    }

    @Test(arguments: ["javascript:alert(1)", "file:///etc/passwd", "data:text/html,hi", "JAVASCRIPT:x"])
    func refusesNonWebLinksWithoutNavigatingOrMarkingRead(_ link: String) async {
        let interactor = OpenItemUseCaseStub(.success(Fixtures.item(5, link: link)))
        let status = await run(5, interactor)
        #expect(view.failures == [CommandFailure(message: "refusing to open '\(link)': only http and https links are opened")])
        #expect(wireframe.routes.isEmpty)
        #expect(status == .failure)
        #expect(interactor.markedRead.isEmpty)
    }

    @Test func anUnknownNumberIsNoItem() async {
        let interactor = OpenItemUseCaseStub(.failure(DaemonRefusal(RPCError(.notFound, "item 999 not found"))))
        let status = await run(999, interactor)
        #expect(view.failures == [CommandFailure(message: "no item 999")])
        #expect(wireframe.routes.isEmpty)
        #expect(status == .failure)
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
        let status = await run(4, interactor)
        #expect(view.failures == [CommandFailure(message: "the browser 'firefox' exited with status 1")])
        #expect(status == .failure)
        #expect(interactor.markedRead.isEmpty)
    }

    @Test func failingToMarkReadIsReported() async {
        let interactor = OpenItemUseCaseStub(.success(Fixtures.item(4)))
        interactor.markReadError = DaemonClientError.connectionLost
        let status = await run(4, interactor)
        #expect(view.failures.first?.message.hasPrefix("the daemon closed the connection") == true)
        #expect(status == .failure)
    }

    // MARK: - The newest unread item

    @Test func withoutANumberTheNewestUnreadItemOpens() async {
        let interactor = OpenItemUseCaseStub(.failure(DaemonRefusal(RPCError(.notFound, "unused"))))
        interactor.newest = .success(Fixtures.item(41, link: "https://x.example/newest"))
        let status = await run(nil, interactor)
        #expect(interactor.askedForNewest == 1)
        #expect(interactor.requested.isEmpty)
        #expect(wireframe.routes == [.browser(link: "https://x.example/newest", configuredBrowser: nil)])
        #expect(status == .success)
        #expect(interactor.markedRead == [41])
    }

    @Test func noUnreadItemIsAFailureSoThatLoopsEnd() async {
        let interactor = OpenItemUseCaseStub(.failure(DaemonRefusal(RPCError(.notFound, "unused"))))
        let status = await run(nil, interactor)
        #expect(view.failures == [CommandFailure(message: "no unread items")])
        #expect(wireframe.routes.isEmpty)
        #expect(status == .failure)
    }

    @Test func failingToFindTheNewestIsReported() async {
        let interactor = OpenItemUseCaseStub(.failure(DaemonRefusal(RPCError(.notFound, "unused"))))
        interactor.newest = .failure(DaemonRefusal(RPCError(.internalError, "database is locked")))
        let status = await run(nil, interactor)
        #expect(view.failures == [CommandFailure(message: "cannot find the newest unread item: database is locked")])
        #expect(wireframe.routes.isEmpty)
        #expect(status == .failure)
    }

    // MARK: - Enclosures

    @Test func enclosureOpensTheFirstEnclosureThatHasAURL() async {
        let item = Self.podcast(7, enclosures: [
            Enclosure(url: "  "), Enclosure(url: " https://cdn.example/ep1.mp3\n", type: "audio/mpeg"),
            Enclosure(url: "https://cdn.example/ep1.ogg"),
        ])
        let interactor = OpenItemUseCaseStub(.success(item))
        let status = await run(7, interactor, enclosure: true)
        #expect(wireframe.routes == [.browser(link: "https://cdn.example/ep1.mp3", configuredBrowser: nil)])
        #expect(status == .success)
        #expect(interactor.markedRead == [7])
    }

    @Test func anItemWithoutEnclosureCannotOpenOne() async {
        let interactor = OpenItemUseCaseStub(.success(Self.podcast(12, enclosures: [])))
        let status = await run(12, interactor, enclosure: true)
        #expect(view.failures == [CommandFailure(message: "item 12 has no enclosure")])
        #expect(wireframe.routes.isEmpty)
        #expect(status == .failure)
        #expect(interactor.markedRead.isEmpty)
    }

    @Test func enclosuresFollowTheLinkPolicyToo() async {
        let interactor = OpenItemUseCaseStub(.success(Self.podcast(3, enclosures: [Enclosure(url: "file:///etc/passwd")])))
        await run(3, interactor, enclosure: true)
        #expect(view.failures == [CommandFailure(message: "refusing to open 'file:///etc/passwd': only http and https links are opened")])
        #expect(interactor.markedRead.isEmpty)
    }

    @Test func theNewestUnreadItemsEnclosure() async {
        let interactor = OpenItemUseCaseStub(.failure(DaemonRefusal(RPCError(.notFound, "unused"))))
        interactor.newest = .success(Self.podcast(9, enclosures: [Enclosure(url: "https://cdn.example/ep9.mp3")]))
        await run(nil, interactor, enclosure: true)
        #expect(wireframe.routes.first == .browser(link: "https://cdn.example/ep9.mp3", configuredBrowser: nil))
        #expect(interactor.markedRead == [9])
    }
}

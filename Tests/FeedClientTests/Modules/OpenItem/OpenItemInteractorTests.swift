import FeedIPC
import Testing
@testable import FeedClient

struct OpenItemInteractorTests {
    @Test func getsTheItemAndMarksItRead() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.GetItem.self, .init(item: Fixtures.item(12)))
        daemon.stub(RPC.MarkRead.self, .init(updated: 1))
        let interactor = OpenItemInteractor(daemon: daemon)
        #expect(try await interactor.item(number: 12).id == 12)
        try await interactor.markRead(number: 12)
        #expect(daemon.params(of: RPC.GetItem.self) == [.init(number: 12)])
        #expect(daemon.params(of: RPC.MarkRead.self) == [.init(numbers: [12], read: true)])
    }

    @Test func theBrowserSettingComesFromHello() async throws {
        let daemon = DaemonClientStub()
        let interactor = OpenItemInteractor(daemon: daemon)
        daemon.helloResult.browser = "lynx"
        #expect(try await interactor.configuredBrowser() == "lynx")
        daemon.helloResult.browser = "  "
        #expect(try await interactor.configuredBrowser() == nil)
        daemon.helloResult.browser = nil
        #expect(try await interactor.configuredBrowser() == nil)
    }

    @Test func theNewestUnreadItemIsTheFirstOfAListOfOne() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.ListItems.self, .init(items: [Fixtures.item(41)]))
        let interactor = OpenItemInteractor(daemon: daemon)
        #expect(try await interactor.newestUnreadItem()?.id == 41)
        #expect(daemon.params(of: RPC.ListItems.self) == [.init(unreadOnly: true, limit: 1)])
        daemon.stub(RPC.ListItems.self, .init(items: []))
        #expect(try await interactor.newestUnreadItem() == nil)
    }
}

import FeedIPC
import Testing
@testable import FeedClient

struct OpenItemInteractorTests {
    @Test func getsTheItemAndMarksItRead() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.GetItem.self, .init(item: Fixtures.item(12)))
        daemon.stub(RPC.MarkRead.self, .init(updated: 1))
        let interactor = OpenItemInteractor(daemon: daemon, settings: ClientSettingsStub())
        #expect(try await interactor.item(number: 12).id == 12)
        try await interactor.markRead(number: 12)
        #expect(daemon.params(of: RPC.GetItem.self) == [.init(number: 12)])
        #expect(daemon.params(of: RPC.MarkRead.self) == [.init(numbers: [12], read: true)])
    }

    @Test func theBrowserSettingComesFromTheConfigFileNotTheDaemon() async throws {
        let daemon = DaemonClientStub()
        let settings = ClientSettingsStub()
        let interactor = OpenItemInteractor(daemon: daemon, settings: settings)
        settings.browserSetting = .success("lynx")
        #expect(try await interactor.configuredBrowser() == "lynx")
        settings.browserSetting = .failure(.unreadableValue(path: "/c.yaml", key: "browser", line: 3))
        await #expect(throws: ClientSettingsError.unreadableValue(path: "/c.yaml", key: "browser", line: 3)) {
            try await interactor.configuredBrowser()
        }
        #expect(daemon.methods.isEmpty)
    }

    @Test func theNewestUnreadItemIsTheFirstOfAListOfOne() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.ListItems.self, .init(items: [Fixtures.item(41)]))
        let interactor = OpenItemInteractor(daemon: daemon, settings: ClientSettingsStub())
        #expect(try await interactor.newestUnreadItem()?.id == 41)
        #expect(daemon.params(of: RPC.ListItems.self) == [.init(unreadOnly: true, limit: 1)])
        daemon.stub(RPC.ListItems.self, .init(items: []))
        #expect(try await interactor.newestUnreadItem() == nil)
    }
}

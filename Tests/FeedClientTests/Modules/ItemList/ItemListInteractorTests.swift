import FeedIPC
import Testing
@testable import FeedClient

struct ItemListInteractorTests {
    @Test func asksForUnreadItemsByDefault() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.ListItems.self, .init(items: [Fixtures.item(1)]))
        let items = try await ItemListInteractor(daemon: daemon).items(matching: .init())
        #expect(items.map(\.id) == [1])
        #expect(daemon.params(of: RPC.ListItems.self) == [.init(unreadOnly: true, feed: nil, limit: nil)])
    }

    @Test func passesTheQueryOn() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.ListItems.self, .init(items: []))
        _ = try await ItemListInteractor(daemon: daemon).items(matching: .init(includeRead: true, feed: "Kernel", limit: 20))
        #expect(daemon.params(of: RPC.ListItems.self) == [.init(unreadOnly: false, feed: "Kernel", limit: 20)])
    }
}

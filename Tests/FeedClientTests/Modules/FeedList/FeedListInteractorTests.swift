import FeedIPC
import Testing
@testable import FeedClient

struct FeedListInteractorTests {
    @Test func listsTheDaemonsFeeds() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.ListFeeds.self, .init(feeds: [Fixtures.feed(1), Fixtures.feed(2)]))
        let feeds = try await FeedListInteractor(daemon: daemon).feeds()
        #expect(feeds.map(\.id) == [1, 2])
        #expect(daemon.methods == ["feeds.list"])
    }
}

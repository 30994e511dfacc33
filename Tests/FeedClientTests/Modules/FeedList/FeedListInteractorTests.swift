import FeedIPC
import Testing
@testable import FeedClient

struct FeedListInteractorTests {
    @Test func listsTheDaemonsFeeds() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.ListFeeds.self, .init(feeds: [Fixtures.feed(1), Fixtures.feed(2)]))
        let feeds = try await FeedListInteractor(daemon: daemon).feeds(tagged: nil)
        #expect(feeds.map(\.id) == [1, 2])
        #expect(daemon.methods == ["feeds.list"])
        #expect(daemon.params(of: RPC.ListFeeds.self) == [.init(tag: nil)])
    }

    @Test func asksForOneTagsFeeds() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.ListFeeds.self, .init(feeds: []))
        _ = try await FeedListInteractor(daemon: daemon).feeds(tagged: "linux")
        #expect(daemon.params(of: RPC.ListFeeds.self) == [.init(tag: "linux")])
    }

    @Test func passesDaemonErrorsOn() async {
        let daemon = DaemonClientStub()
        daemon.failure = DaemonClientError.connectionLost
        await #expect(throws: DaemonClientError.connectionLost) {
            try await FeedListInteractor(daemon: daemon).feeds(tagged: nil)
        }
    }
}

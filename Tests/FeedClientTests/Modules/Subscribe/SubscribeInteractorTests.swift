import FeedIPC
import Testing
@testable import FeedClient

struct SubscribeInteractorTests {
    @Test func asksTheDaemonAndReturnsTheFeedWithTheStoredItemCount() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.Subscribe.self, .init(feed: Fixtures.feed(2, items: 0), itemCount: 7))
        let feed = try await SubscribeInteractor(daemon: daemon).subscribe(SubscribeRequest(url: "https://x.org/feed"))
        #expect(feed.id == 2)
        #expect(feed.itemCount == 7)
        #expect(daemon.params(of: RPC.Subscribe.self) == [.init(url: "https://x.org/feed", tags: nil, title: nil)])
    }

    @Test func passesTagsAndTitle() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.Subscribe.self, .init(feed: Fixtures.feed(2), itemCount: 1))
        let request = SubscribeRequest(url: "https://x.org/feed", tags: ["linux", "news"], title: "My X")
        _ = try await SubscribeInteractor(daemon: daemon).subscribe(request)
        #expect(daemon.params(of: RPC.Subscribe.self) == [.init(url: "https://x.org/feed", tags: ["linux", "news"], title: "My X")])
    }

    @Test func passesSettingsOnlyWhenGiven() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.Subscribe.self, .init(feed: Fixtures.feed(2), itemCount: 1))
        _ = try await SubscribeInteractor(daemon: daemon).subscribe(
            SubscribeRequest(url: "https://x.org/feed", settings: ["interval=2h", "timeout=30s"]))
        #expect(daemon.params(of: RPC.Subscribe.self) == [.init(url: "https://x.org/feed", settings: ["interval=2h", "timeout=30s"])])
    }

    @Test func passesDaemonErrorsOn() async {
        let daemon = DaemonClientStub()
        daemon.fail(RPC.Subscribe.self, with: RPCError(.notAFeed, "not a feed: text/html"))
        await #expect(throws: DaemonRefusal(RPCError(.notAFeed, "not a feed: text/html"))) {
            try await SubscribeInteractor(daemon: daemon).subscribe(SubscribeRequest(url: "https://x.org/"))
        }
    }
}

import FeedIPC
import Testing
@testable import FeedClient

struct RenameFeedInteractorTests {
    @Test func sendsTheNewTitle() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.RenameFeed.self, .init(feed: Fixtures.feed(3, title: "New title")))
        let feed = try await RenameFeedInteractor(daemon: daemon).rename(feed: "Planet", to: "New title")
        #expect(feed.title == "New title")
        #expect(daemon.params(of: RPC.RenameFeed.self) == [.init(feed: "Planet", title: "New title")])
    }

    @Test func resetSendsNoTitle() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.RenameFeed.self, .init(feed: Fixtures.feed(3)))
        _ = try await RenameFeedInteractor(daemon: daemon).rename(feed: "3", to: nil)
        #expect(daemon.params(of: RPC.RenameFeed.self) == [.init(feed: "3", title: nil)])
    }

    @Test func passesDaemonErrorsOn() async {
        let daemon = DaemonClientStub()
        daemon.fail(RPC.RenameFeed.self, with: RPCError(.notFound, "no feed 9"))
        await #expect(throws: DaemonRefusal(RPCError(.notFound, "no feed 9"))) {
            try await RenameFeedInteractor(daemon: daemon).rename(feed: "9", to: "x")
        }
    }
}

import FeedIPC
import Testing
@testable import FeedClient

struct UnsubscribeInteractorTests {
    @Test func sendsTheSelector() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.Unsubscribe.self, .init(feed: Fixtures.feed(5)))
        let feed = try await UnsubscribeInteractor(daemon: daemon).unsubscribe(from: "5")
        #expect(feed.id == 5)
        #expect(daemon.params(of: RPC.Unsubscribe.self) == [.init(feed: "5")])
    }
}

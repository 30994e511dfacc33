import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct RefreshInteractorTests {
    @Test func refreshesAllFeedsWhenNoneAreNamed() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.Refresh.self, .init(outcomes: [RefreshOutcome(feedID: 1, title: "A", url: "u", newItems: 2)]))
        let interactor = RefreshInteractor(daemon: daemon)
        #expect(try await interactor.refresh([]).map(\.newItems) == [2])
        _ = try await interactor.refresh(["1", "Kernel"])
        #expect(daemon.params(of: RPC.Refresh.self) == [.init(feeds: nil), .init(feeds: ["1", "Kernel"])])
    }
}

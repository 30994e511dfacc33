import FeedIPC
import Testing
@testable import FeedClient

struct ChangeFeedSettingsInteractorTests {
    @Test func sendsTheChangesAndReturnsTheFeedAfterwards() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.FeedSettingsMethod.self, .init(feed: try Fixtures.feed(3, settings: ["interval=2h"])))
        let feed = try await ChangeFeedSettingsInteractor(daemon: daemon).changeSettings(
            ofFeed: 3, FeedSettingsChange(set: ["interval=2h"], unset: ["header"]))
        #expect(feed.settings.interval == 7200)
        #expect(daemon.params(of: RPC.FeedSettingsMethod.self) == [.init(feed: 3, set: ["interval=2h"], unset: ["header"])])
    }

    @Test func readingSendsNoChanges() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.FeedSettingsMethod.self, .init(feed: Fixtures.feed(3)))
        _ = try await ChangeFeedSettingsInteractor(daemon: daemon).changeSettings(ofFeed: 3, FeedSettingsChange())
        #expect(daemon.params(of: RPC.FeedSettingsMethod.self) == [.init(feed: 3)])
    }

    @Test func passesDaemonErrorsOn() async {
        let daemon = DaemonClientStub()
        daemon.fail(RPC.FeedSettingsMethod.self, with: RPCError(.notFound, "no feed 9"))
        await #expect(throws: RPCError(.notFound, "no feed 9")) {
            try await ChangeFeedSettingsInteractor(daemon: daemon).changeSettings(ofFeed: 9, FeedSettingsChange())
        }
    }
}

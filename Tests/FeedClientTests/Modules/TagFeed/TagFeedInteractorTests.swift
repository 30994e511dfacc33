import FeedIPC
import Testing
@testable import FeedClient

struct TagFeedInteractorTests {
    @Test func sendsAdditionsAndRemovals() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.TagFeed.self, .init(feed: Fixtures.taggedFeed(3, tags: ["linux"])))
        let feed = try await TagFeedInteractor(daemon: daemon).tag(feed: "3", with: TagChanges(add: ["linux"], remove: ["news"]))
        #expect(feed.tags == ["linux"])
        #expect(daemon.params(of: RPC.TagFeed.self) == [.init(feed: "3", add: ["linux"], remove: ["news"])])
    }

    @Test func noChangesOnlyLooksTheFeedUp() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.TagFeed.self, .init(feed: Fixtures.taggedFeed(3, tags: [])))
        _ = try await TagFeedInteractor(daemon: daemon).tag(feed: "Planet", with: TagChanges())
        #expect(daemon.params(of: RPC.TagFeed.self) == [.init(feed: "Planet", add: nil, remove: nil)])
    }

    @Test func passesDaemonErrorsOn() async {
        let daemon = DaemonClientStub()
        daemon.fail(RPC.TagFeed.self, with: RPCError(.notFound, "no feed matches 'x'"))
        await #expect(throws: DaemonRefusal(RPCError(.notFound, "no feed matches 'x'"))) {
            try await TagFeedInteractor(daemon: daemon).tag(feed: "x", with: TagChanges(add: ["a"]))
        }
    }
}

import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct SearchInteractorTests {
    @Test func asksTheDaemonToSearch() async throws {
        let daemon = DaemonClientStub()
        let hit = SearchHit(item: Fixtures.item(4), title: searchMarked("Item window", "window"), snippet: "")
        daemon.stub(RPC.Search.self, .init(hits: [hit]))
        let hits = try await SearchInteractor(daemon: daemon).hits(for: .init(text: "window"))
        #expect(hits == SearchResults(hits: [hit]))
        #expect(daemon.params(of: RPC.Search.self) == [.init(query: "window")])
    }

    @Test func aPartialAnswerIsSaidSo() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.Search.self, .init(hits: [], partial: true, unindexed: 3, partialReason: "database or disk is full"))
        let results = try await SearchInteractor(daemon: daemon).hits(for: .init(text: "window"))
        #expect(results == SearchResults(hits: [], partial: PartialSearch(unindexed: 3, reason: "database or disk is full")))
        daemon.stub(RPC.Search.self, .init(hits: [], partial: false, unindexed: 0))
        #expect(try await SearchInteractor(daemon: daemon).hits(for: .init(text: "window")).partial == nil)
    }

    @Test func passesTheFiltersOn() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.Search.self, .init(hits: []))
        _ = try await SearchInteractor(daemon: daemon).hits(
            for: .init(text: "\"tiling wm\" -gnome", unreadOnly: true, feed: "3", tag: "linux", limit: 7))
        #expect(daemon.params(of: RPC.Search.self) == [
            .init(query: "\"tiling wm\" -gnome", unreadOnly: true, feed: "3", tag: "linux", limit: 7)
        ])
    }

    @Test func aTagIsLookedUpInTheFeeds() async {
        let daemon = DaemonClientStub()
        var tagged = Fixtures.feed(4)
        tagged.tags = ["news"]
        daemon.stub(RPC.ListFeeds.self, .init(feeds: [tagged]))
        #expect(await SearchInteractor(daemon: daemon).tag(like: "News") == "news")
        #expect(daemon.methods == ["feeds.list"])
    }

    @Test func daemonErrorsPassThrough() async {
        let daemon = DaemonClientStub()
        daemon.fail(RPC.Search.self, with: RPCError(.notFound, "no feed matches 'zzz'"))
        await #expect(throws: DaemonRefusal(RPCError(.notFound, "no feed matches 'zzz'"))) {
            try await SearchInteractor(daemon: daemon).hits(for: .init(text: "x", feed: "zzz"))
        }
    }
}

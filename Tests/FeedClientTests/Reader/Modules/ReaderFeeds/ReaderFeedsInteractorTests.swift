import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

@MainActor
struct ReaderFeedsInteractorTests {
    @Test func countsComeFromTheListingsPositionsAndMarkingNamesTheFeed() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.ListItems.self, .init(items: [], total: 12, offset: 0))
        daemon.stub(RPC.ListFeeds.self, .init(feeds: [Fixtures.feed(1)]))
        daemon.stub(RPC.MarkRead.self, ItemStateChange(updated: 5))
        let interactor = ReaderFeedsInteractor(daemon: try ThreadedDaemonClient(daemon), counter: try ThreadedDaemonClient(daemon))
        #expect(try await interactor.feeds().map(\.id) == [1])
        let counts = try await interactor.counts()
        #expect(counts.unread == 12 && counts.starred == 12)
        #expect(daemon.params(of: RPC.ListItems.self) == [
            .init(unreadOnly: true, limit: 1, withPosition: true),
            .init(unreadOnly: false, starredOnly: true, limit: 1, withPosition: true),
        ])
        #expect(try await interactor.markRead(feed: 3) == 5)
        #expect(try await interactor.markRead(feed: nil) == 5)
        #expect(daemon.params(of: RPC.MarkRead.self) == [.init(feed: "3", read: true), .init(all: true, read: true)])
    }

    /// Asked before the reader has the terminal, the first feeds and counts are the answers
    /// already sent for; the calls after them ask again.
    @Test func thePrefetchedFeedsAndCountsAnswerTheFirstCallsOnly() async throws {
        let screens = DaemonClientStub(), side = DaemonClientStub()
        screens.stub(RPC.ListFeeds.self, .init(feeds: [Fixtures.feed(1)]))
        side.stub(RPC.ListItems.self, .init(items: [], total: 4, offset: 0))
        let interactor = ReaderFeedsInteractor(daemon: try ThreadedDaemonClient(screens), counter: try ThreadedDaemonClient(side))
        interactor.prefetch()
        #expect(try await interactor.feeds().map(\.id) == [1])
        #expect(try await interactor.counts() == (unread: 4, starred: 4))
        #expect(screens.params(of: RPC.ListFeeds.self).count == 1 && side.params(of: RPC.ListItems.self).count == 2)
        _ = try await interactor.feeds()
        _ = try await interactor.counts()
        #expect(screens.params(of: RPC.ListFeeds.self).count == 2 && side.params(of: RPC.ListItems.self).count == 4)
    }
}

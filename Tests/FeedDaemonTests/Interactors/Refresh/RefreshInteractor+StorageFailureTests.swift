@testable import FeedDaemon
import FeedEntities
import FeedFetching
import FeedIPC
import FeedParsing
import FeedStorage
import Foundation
import Logging
import Testing

/// A store whose writes fail as on a full disk: the failure is the daemon's, not the feeds'.
struct RefreshInteractorStorageFailureTests {
    static func rss(_ items: Int...) -> String {
        "<rss version=\"2.0\"><channel><title>Scripted</title>"
            + items.map { "<item><title>Item \($0) kernel</title><guid>g\($0)</guid></item>" }.joined()
            + "</channel></rss>"
    }

    let remote = RemoteDataManagerStub()
    let store: DiskFullStore
    let refresher: RefreshInteractor
    let library: LibraryInteractor
    let clock = RefreshInteractorHTTPTests.Clock()

    init() throws {
        store = try DiskFullStore()
        refresher = RefreshInteractor.make(
            fetcher: remote, parser: LibXMLFeedParser(), store: store, schedule: RefreshSchedule(interval: 1000),
            concurrency: 2, now: { [clock] in clock.now }, logger: Logger(label: "test"))
        library = LibraryInteractor(store: store, render: LibraryInteractor.libXMLRenderer, backlog: refresher.backlog)
    }

    /// Subscribes to `url` serving `rss(1)`; the feed is then healthy and not due.
    private func subscribe(_ url: String) async throws -> Feed {
        remote.serve(url, body: Self.rss(1))
        return try await refresher.subscribe(url: url).feed
    }

    @Test func aRefreshTheStoreRefusesIsNoFailureOfTheFeedAndIsRetriedOnceItAccepts() async throws {
        let feed = try await subscribe("https://a.example/feed")
        remote.serve(feed.url, body: Self.rss(1, 2))
        store.isFull = true
        let outcomes = try await refresher.refreshAll()
        #expect(outcomes.first?.error == "cannot store the refresh of feed \(feed.id): database or disk is full (SQLite code 13)")
        let kept = try #require(try await store.feed(id: feed.id))
        #expect(kept.consecutiveFailures == 0 && kept.lastError == nil && kept.nextCheck == feed.nextCheck)
        #expect(try await library.feeds() == [kept], "nothing shown against the feed")
        #expect(try await library.statistics().failingFeeds == 0)
        #expect(refresher.backlog.storageFailure?.feeds == 1)
        #expect(refresher.backlog.storageFailure?.error == "database or disk is full")

        // Not due by its schedule, yet due again a minute later while its refresh waits to be
        // stored; then after as long as the error has stood.
        #expect(try await refresher.refreshDue().isEmpty, "not fetched again at once")
        clock.advance(61)
        #expect(try await refresher.refreshDue().count == 1)
        #expect(remote.requests(for: feed.url) == 3)
        store.isFull = false
        clock.advance(30)
        #expect(try await refresher.refreshDue().isEmpty, "the next retry is a minute on")
        clock.advance(32)
        let retried = try await refresher.refreshDue()
        #expect(retried.map(\.newItems) == [1] && retried.first?.error == nil)
        #expect(refresher.backlog.storageFailure == nil)
        #expect(try await refresher.refreshDue().isEmpty, "stored: due by its schedule only")
    }

    @Test func aWaitingFeedThatIsGoneLeavesTheBacklog() async throws {
        let feed = try await subscribe("https://gone.example/feed")
        remote.serve(feed.url, body: Self.rss(1, 2))
        store.isFull = true
        _ = try await refresher.refreshAll()
        #expect(refresher.backlog.isWaiting(feed.id))
        store.isFull = false
        remote.fail(feed.url, with: .httpStatus(410))
        clock.advance(61)
        let outcomes = try await refresher.refreshDue()
        #expect(outcomes.first?.isGone == true)
        #expect(refresher.backlog.storageFailure == nil, "retired, so nothing waits")
        #expect(try await store.base.feed(id: feed.id)?.goneSince != nil)
    }

    @Test func aFailureThatCannotBeRecordedIsCountedFromMemoryAndWrittenLater() async throws {
        let feeds = [
            try await subscribe("https://a.example/feed"), try await subscribe("https://b.example/feed"),
            try await subscribe("https://c.example/feed"),
        ]
        remote.fail(feeds[0].url, with: .httpStatus(500))
        remote.fail(feeds[1].url, with: .httpStatus(500))
        store.isFull = true
        let outcomes = try await refresher.refreshAll()
        #expect(outcomes.filter { $0.error?.hasPrefix("HTTP 500") == true }.count == 2)
        #expect(try await store.base.statistics().failingFeeds == 0, "nothing written")
        #expect(try await library.statistics().failingFeeds == 2)
        let shown = try await library.feeds()
        #expect(shown.map(\.consecutiveFailures) == [1, 1, 0])
        #expect(shown[0].lastError == "HTTP 500 Internal Server Error" && shown[0].httpStatus == 500)
        #expect(try #require(shown[0].nextCheck) > Date(), "backed off: the failure is the feed's")
        #expect(refresher.backlog.storageFailure?.feeds == 3, "two failures and one refresh wait")
        _ = try await refresher.refreshAll()
        #expect(try await library.feeds().map(\.consecutiveFailures) == [2, 2, 0], "failures in a row counted in memory")
        let twice = try await library.feeds()

        // The next pass after the retry delay writes the failures first, then stores the
        // refresh that waits.
        store.isFull = false
        clock.advance(61)
        _ = try await refresher.refreshDue()
        let stored = try await store.base.feeds()
        #expect(stored.map(\.consecutiveFailures) == [2, 2, 0])
        #expect(stored[0].lastError == "HTTP 500 Internal Server Error" && stored[2].lastError == nil)
        // As shown while it waited (to the precision of the stored seconds).
        #expect(abs(try #require(stored[0].nextCheck).timeIntervalSince(try #require(twice[0].nextCheck))) < 0.001)
        #expect(try await store.base.statistics().failingFeeds == 2)
        #expect(refresher.backlog.storageFailure == nil)
    }

    @Test func aSearchWhoseIndexCannotBeWrittenAnswersFromTheIndexAndSaysSo() async throws {
        let feed = try await subscribe("https://a.example/feed")
        try await SearchIndexer(store: store).catchUp()
        remote.serve(feed.url, body: Self.rss(1, 2, 3))
        _ = try await refresher.refreshAll()
        store.isFull = true
        let partial = try await library.search(RPC.Search.Params(query: "kernel"))
        #expect(partial.hits.map(\.item.title) == ["Item 1 kernel"])
        #expect(partial.partial == true && partial.unindexed == 2 && partial.partialReason == "database or disk is full")

        store.isFull = false
        let complete = try await library.search(RPC.Search.Params(query: "kernel"))
        #expect(complete.hits.count == 3 && complete.partial == nil && complete.unindexed == nil)
    }
}

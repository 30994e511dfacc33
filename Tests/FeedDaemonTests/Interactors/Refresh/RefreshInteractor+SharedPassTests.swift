@testable import FeedDaemon
import FeedFetching
import FeedIPC
import FeedParsing
import FeedStorage
import Foundation
import Logging
import Synchronization
import Testing

/// A refresh of every feed that joins one already running hears the same progress as the
/// caller that started it, the feeds finished before it joined included.
@Suite(.timeLimit(.minutes(3)))
struct RefreshInteractorSharedPassTests {
    /// Answers from a `RemoteDataManagerStub`, but holds the fetch of `heldURL` (once `hold()`
    /// was called) until `release()`.
    final class HoldingRemote: RemoteDataManager {
        let stub = RemoteDataManagerStub()
        let heldURL: String
        private let state = Mutex<(holding: Bool, waiting: CheckedContinuation<Void, Never>?, released: Bool)>((false, nil, false))

        init(heldURL: String) { self.heldURL = heldURL }

        func hold() { state.withLock { $0.holding = true } }

        func release() {
            let waiting = state.withLock { state in
                state.released = true
                defer { state.waiting = nil }
                return state.waiting
            }
            waiting?.resume()
        }

        func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
            if request.url == heldURL, state.withLock({ $0.holding }) {
                await withCheckedContinuation { continuation in
                    let resumeNow = state.withLock { state in
                        if state.released { return true }
                        state.waiting = continuation
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            }
            return try await stub.fetch(request)
        }
    }

    static func rss(_ title: String) -> String {
        "<rss version=\"2.0\"><channel><title>\(title)</title><item><title>One</title><guid>1</guid></item></channel></rss>"
    }

    /// Collected progress, in order.
    final class Heard: Sendable {
        let updates = Mutex<[RPC.Refresh.Progress]>([])
        var all: [RPC.Refresh.Progress] { updates.withLock { $0 } }
        func add(_ update: RPC.Refresh.Progress) { updates.withLock { $0.append(update) } }
    }

    /// Feeds at `urls`, subscribed; fetches of the last one are held once `remote.hold()` is called.
    struct Setup {
        let remote: HoldingRemote
        let store: SQLiteFeedStore
        let refresher: RefreshInteractor
        let ids: [Int64]
    }

    func subscribed(_ urls: [String]) async throws -> Setup {
        let remote = HoldingRemote(heldURL: urls[urls.count - 1])
        for (index, url) in urls.enumerated() { remote.stub.serve(url, body: Self.rss("Feed \(index)")) }
        let store = try SQLiteFeedStore.inMemory()
        let refresher = RefreshInteractor.make(
            fetcher: remote, parser: LibXMLFeedParser(), store: store, concurrency: 4, logger: Logger(label: "test"))
        var ids: [Int64] = []
        for url in urls { ids.append(try await refresher.subscribe(url: url).feed.id) }
        return Setup(remote: remote, store: store, refresher: refresher, ids: ids)
    }

    @Test func aCallerThatJoinsHearsTheWholePassIncludingWhatFinishedBeforeIt() async throws {
        let urls = ["http://a.example/feed", "http://b.example/feed", "http://c.example/feed"]
        let setup = try await subscribed(urls)
        let (remote, refresher) = (setup.remote, setup.refresher)
        remote.hold()

        let first = Heard(), second = Heard()
        let started = Task { try await refresher.refreshAll { first.add($0) } }
        // The start and the two feeds that are not held.
        while first.all.count < 3 { try await Task.sleep(for: .milliseconds(5)) }
        let joined = Task { try await refresher.refreshAll { second.add($0) } }
        // What the pass said before the second caller came, replayed to it.
        while second.all.count < 3 { try await Task.sleep(for: .milliseconds(5)) }
        remote.release()
        let startedOutcomes = try await started.value
        let joinedOutcomes = try await joined.value

        #expect(startedOutcomes == joinedOutcomes)
        #expect(startedOutcomes.count == 3)
        #expect(first.all.count == 4)
        #expect(second.all == first.all)
        #expect(Set(second.all.compactMap { $0.outcome?.url }) == Set(urls))
        for url in urls { #expect(remote.stub.requests(for: url) == 2, "one pass, joined, not two") }
    }

    static func rss(_ title: String, items: Int) -> String {
        let entries = (1...items).map { "<item><title>Item \($0)</title><guid>\($0)</guid></item>" }.joined()
        return "<rss version=\"2.0\"><channel><title>\(title)</title>\(entries)</channel></rss>"
    }

    @Test func aRefreshWhileAnImportsPassRunsFetchesNoFeedTwiceAndReportsWhatThatPassStored() async throws {
        let urls = ["http://a.example/feed", "http://b.example/feed", "http://c.example/feed"]
        let setup = try await subscribed(urls)
        let (remote, refresher) = (setup.remote, setup.refresher)
        let ids = Set(setup.ids)
        // Each feed has two new items now; the import's pass (a pass over chosen feeds) is held
        // on the third.
        for (index, url) in urls.enumerated() { remote.stub.serve(url, body: Self.rss("Feed \(index)", items: 3)) }
        remote.hold()
        let imported = Heard()
        let importing = Task { try await refresher.refreshFeeds(ids) { imported.add($0) } }
        while imported.all.count < 3 { try await Task.sleep(for: .milliseconds(5)) }

        let heard = Heard()
        let refreshing = Task { try await refresher.refreshAll { heard.add($0) } }
        // The two feeds the import's pass finished come at once; the third when it is released.
        while heard.all.count < 3 { try await Task.sleep(for: .milliseconds(5)) }
        remote.release()
        let outcomes = try await refreshing.value
        _ = try await importing.value

        for url in urls { #expect(remote.stub.requests(for: url) == 2, "the subscription's fetch and the import pass's") }
        #expect(outcomes.map(\.newItems) == [2, 2, 2], "what the import's pass stored")
        #expect(heard.all.last?.done == 3)
    }

    @Test func aRefreshOfEveryFeedDuringAScheduledPassAlsoRefreshesTheFeedsNotDue() async throws {
        let urls = ["http://a.example/feed", "http://b.example/feed", "http://c.example/feed"]
        let setup = try await subscribed(urls)
        let (remote, store, refresher) = (setup.remote, setup.store, setup.refresher)
        let due = setup.ids[2]
        // Only the third feed is due; the scheduled pass is held on it.
        try await store.bringNextCheckForward(feedID: due, to: Date(timeIntervalSince1970: 0))
        remote.hold()
        let scheduled = Task { try await refresher.refreshDue() }
        while remote.stub.requests(for: urls[2]) < 1 { try await Task.sleep(for: .milliseconds(5)) }

        let everything = Task { try await refresher.refreshAll() }
        while remote.stub.requests(for: urls[0]) < 2 || remote.stub.requests(for: urls[1]) < 2 {
            try await Task.sleep(for: .milliseconds(5))
        }
        remote.release()
        let outcomes = try await everything.value
        #expect(try await scheduled.value.map(\.url) == [urls[2]])
        #expect(outcomes.map(\.url) == urls)
        for url in urls { #expect(remote.stub.requests(for: url) == 2, "\(url): the subscription's fetch and one pass's") }
    }

    @Test func aRefreshWaitingForAnotherPassesFetchEndsWhenItIsCancelled() async throws {
        let urls = ["http://a.example/feed", "http://b.example/feed"]
        let setup = try await subscribed(urls)
        let (remote, store, refresher) = (setup.remote, setup.store, setup.refresher)
        let ids = Set(setup.ids)
        remote.hold()
        // A pass nothing cancels (an import's), held on the second feed.
        let importing = Task { try await refresher.refreshFeeds(ids) }
        while remote.stub.requests(for: urls[0]) < 2 { try await Task.sleep(for: .milliseconds(5)) }

        let heard = Heard()
        let waiting = Task { try await refresher.refreshAll { heard.add($0) } }
        while heard.all.count < 2 { try await Task.sleep(for: .milliseconds(5)) }
        waiting.cancel()
        let outcomes = try await waiting.value
        #expect(outcomes.map(\.error) == [nil, RefreshInteractor.unfinished(try #require(try await store.feed(id: outcomes[1].feedID))).error])
        remote.release()
        _ = try await importing.value
    }
}

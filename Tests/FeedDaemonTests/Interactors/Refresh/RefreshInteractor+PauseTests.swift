@testable import FeedDaemon
import FeedParsing
import FeedStorage
import Foundation
import Logging
import Synchronization
import Testing

/// `whilePaused` (a restore of the database runs in it): it waits for a pass in progress and
/// holds passes asked for meanwhile until it is done.
@Suite(.timeLimit(.minutes(3)))
struct RefreshInteractorPauseTests {
    typealias HoldingRemote = RefreshInteractorSharedPassTests.HoldingRemote

    @Test func aPauseWaitsForThePassInProgressAndHoldsNewOnesBack() async throws {
        let urls = ["http://a.example/feed", "http://b.example/feed"]
        let remote = HoldingRemote(heldURL: urls[1])
        for (index, url) in urls.enumerated() {
            remote.stub.serve(url, body: RefreshInteractorSharedPassTests.rss("Feed \(index)"))
        }
        let store = try SQLiteFeedStore.inMemory()
        let refresher = RefreshInteractor.make(
            fetcher: remote, parser: LibXMLFeedParser(), store: store, concurrency: 4, logger: Logger(label: "test"))
        for url in urls { _ = try await refresher.subscribe(url: url) }
        remote.hold()

        let running = Task { try await refresher.refreshAll() }
        while await !refresher.isRefreshing { try await Task.sleep(for: .milliseconds(5)) }
        let events = Mutex<[String]>([])
        let paused = Task {
            try await refresher.whilePaused {
                events.withLock { $0.append("paused") }
                // Asked for while paused: it waits for the pause to end.
                let held = Task { try await refresher.refreshAll() }
                while await refresher.waiting.passes == 0 { try await Task.sleep(for: .milliseconds(5)) }
                let refreshing = await refresher.isRefreshing
                events.withLock { $0.append("refreshing: \(refreshing)") }
                return held
            }
        }
        while await refresher.waiting.pauses == 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(events.withLock { $0 }.isEmpty, "the pause began before the pass in progress ended")
        remote.release()
        let first = try await running.value
        #expect(first.count == 2)
        let held = try await paused.value
        #expect(events.withLock { $0 } == ["paused", "refreshing: false"])
        // The pass asked for meanwhile runs once the pause is over.
        #expect(try await held.value.count == 2)
        #expect(await !refresher.isRefreshing)
    }
}

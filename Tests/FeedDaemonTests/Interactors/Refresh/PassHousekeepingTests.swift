import FeedStorage
import Foundation
import Logging
import Synchronization
import Testing

@testable import FeedDaemon

/// What follows a pass: the status line, retention, and the index and checkpoint after items.
struct PassHousekeepingTests {
    let store: SQLiteFeedStore
    let notifier = RecordingNotifier()

    init() throws {
        store = try SQLiteFeedStore.inMemory()
    }

    func housekeeping(retention: @escaping @Sendable () async throws -> Void) -> PassHousekeeping {
        PassHousekeeping(
            store: store, indexer: SearchIndexer(store: store), notifier: notifier, retention: retention,
            backlog: WriteBacklog(), logger: Logger(label: "test"))
    }

    @Test func aPassThatRefreshedFeedsSetsTheStatusAndAppliesRetention() async throws {
        let (retained, retaining) = AsyncStream<Void>.makeStream()
        let housekeeping = housekeeping { retaining.yield() }
        housekeeping.passProgressed(done: 0, total: 0, errors: 0)
        housekeeping.passProgressed(done: 0, total: 50, errors: 0)
        housekeeping.passProgressed(done: 24, total: 50, errors: 1)
        housekeeping.passProgressed(done: 25, total: 50, errors: 1)
        housekeeping.passEnded(RefreshPassReport(feeds: 50, newItems: 3, failed: 1, storedItems: true, milliseconds: 9))
        var heard = retained.makeAsyncIterator()
        _ = await heard.next()
        #expect(notifier.statuses == [
            "Refreshing: 0/50 feeds, 0 errors", "Refreshing: 25/50 feeds, 1 error", "Idle: last refresh of 50 feeds: 3 new items, 1 error",
        ])
    }

    @Test func aLookThatFoundNoFeedDueLeavesEverythingAlone() async throws {
        let called = Mutex(false)
        let housekeeping = housekeeping { called.withLock { $0 = true } }
        let work = housekeeping.tidyUp(after: RefreshPassReport(feeds: 0, newItems: 0, failed: 0, storedItems: false, milliseconds: 0))
        #expect(work == nil, "no housekeeping begins")
        #expect(!called.withLock { $0 })
        #expect(notifier.statuses.isEmpty)
    }
}

@testable import FeedDaemon
import FeedEntities
import FeedStorage
import Foundation
import Synchronization
import Testing

/// A store whose counts take as long as a view's query on the items' text takes at a million
/// items (seconds), or come at once.
final class SlowCountingStore: SavedViewStore {
    let base: SQLiteFeedStore
    let slowQuery: String
    /// Whether a slow count was stopped before its end.
    let stopped = Atomic(false)

    init(slowQuery: String) throws {
        base = try SQLiteFeedStore.inMemory()
        self.slowQuery = slowQuery
    }

    func savedViews() async throws -> [SavedView] { try await base.savedViews() }
    func saveView(name: String, query: String, replacing: Bool) async throws -> (view: SavedView, replaced: SavedView?) {
        try await base.saveView(name: name, query: query, replacing: replacing)
    }
    func removeView(name: String) async throws -> SavedView? { try await base.removeView(name: name) }
    func counts(of filters: [ItemFilter], now: Date) async throws -> [SavedView.Counts] {
        if filters.contains(where: { $0.description == slowQuery }) {
            // Stops when cancelled, as a read's statement is interrupted.
            do {
                try await Task.sleep(for: .seconds(600))
            } catch {
                stopped.store(true, ordering: .relaxed)
                throw error
            }
        }
        return try await base.counts(of: filters, now: now)
    }
    func markRead(matching filter: ItemFilter, read: Bool, now: Date) async throws -> Int {
        try await base.markRead(matching: filter, read: read, now: now)
    }
}

struct ViewsInteractorTests {
    @Test func aViewTooSlowToCountIsListedWithoutCountsAndTheOthersWith() async throws {
        let store = try SlowCountingStore(slowQuery: "title:slow")
        let interactor = ViewsInteractor(
            store: store, configured: { [SavedView(name: "Config", query: "is:unread", origin: .config)] },
            indexer: SearchIndexer(store: store.base), countBudget: .milliseconds(200))
        _ = try await interactor.add(name: "Slow", query: "title:slow", replace: false)
        _ = try await interactor.add(name: "Quick", query: "is:starred", replace: false)
        let views = try await interactor.views(counts: true)
        let stopped = store.stopped.load(ordering: .relaxed)
        #expect(stopped, "the slow count was stopped, not waited for")
        #expect(views.map(\.name) == ["Config", "Slow", "Quick"])
        #expect(views.map(\.counts) == [SavedView.Counts(unread: 0, total: 0), nil, SavedView.Counts(unread: 0, total: 0)])
    }
}

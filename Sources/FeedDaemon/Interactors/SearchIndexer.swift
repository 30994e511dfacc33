import FeedStorage
import Logging

/// Keeps the store's full-text index up to date: after a refresh pass, and before a search.
/// After a pass it also lets the store make its stored HTML smaller (`compact`).
public struct SearchIndexer: Sendable {
    /// Items per write transaction: big enough to be quick, small enough that a refresh waiting
    /// for the writer is not held up for long.
    static let batchSize = 250

    private let store: any FeedStore

    public init(store: any FeedStore) {
        self.store = store
    }

    /// Indexes every item stored or changed since it was last indexed.
    /// - Returns: how many items were indexed.
    /// - Throws: the store's errors; `CancellationError` stops between batches.
    @discardableResult
    public func catchUp() async throws -> Int {
        var total = 0
        while true {
            try Task.checkCancellation()
            let indexed = try await store.indexPendingItems(limit: Self.batchSize)
            total += indexed
            if indexed < Self.batchSize { return total }
        }
    }

    /// Trains the store's compression dictionary once it has enough items, and compresses the
    /// items stored before it again (`FeedStore.compactStoredText`), a batch at a time.
    /// - Throws: the store's errors; `CancellationError` stops between batches.
    public func compact() async throws {
        guard try await store.trainCompressionDictionary() else { return }
        while try await store.compactStoredText(limit: Self.batchSize) > 0 {
            try Task.checkCancellation()
        }
    }
}

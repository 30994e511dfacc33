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
        // A read first: before nearly every search the index is up to date, and a look at the
        // (empty) index of unindexed items costs less than a write transaction finding none.
        guard try await store.unindexedItemCount() > 0 else { return 0 }
        var total = 0
        while true {
            try Task.checkCancellation()
            let indexed = try await store.indexPendingItems(limit: Self.batchSize)
            total += indexed
            if indexed < Self.batchSize { return total }
        }
    }

    /// Items compressed again at once above which the file is rewritten without the room their
    /// old values took (`FeedStore.vacuum`), if it is smaller than `largestVacuumed`. Only the
    /// first dictionary of a store rewrites that many (its first pass, stored while the
    /// dictionary was trained), so this happens once, on a young database.
    static let rewrittenBeforeVacuum = 1_000
    /// The largest file rewritten so: a few seconds of work, and a write-ahead log that grows by
    /// as much for a moment. A first pass of thousands of feeds makes a database of gigabytes,
    /// where a few thousand rewritten items leave little room to win back.
    static let largestVacuumed = 256 << 20

    /// Trains the store's compression dictionary once it has enough items, and compresses the
    /// items stored before it again (`FeedStore.compactStoredText`), a batch at a time.
    /// - Throws: the store's errors; `CancellationError` stops between batches.
    public func compact() async throws {
        guard try await store.trainCompressionDictionary() else { return }
        var rewritten = 0
        while case let batch = try await store.compactStoredText(limit: Self.batchSize), batch.examined > 0 {
            rewritten += batch.rewritten
            try Task.checkCancellation()
        }
        if rewritten >= Self.rewrittenBeforeVacuum, try await store.statistics().databaseBytes <= Self.largestVacuumed {
            try await store.vacuum()
        }
    }
}

import FeedParsing
import FeedStorage
import Logging

/// Keeps the store's full-text index up to date: after a refresh pass, and before a search.
public struct SearchIndexer: Sendable {
    /// Items per write transaction: big enough to be quick, small enough that a refresh waiting
    /// for the writer is not held up for long.
    static let batchSize = 250

    private let store: any FeedStore
    private let plainText: @Sendable (String) -> String

    /// - Parameter plainText: the words of an HTML summary or content (`HTMLPlainText`).
    public init(
        store: any FeedStore,
        plainText: @escaping @Sendable (String) -> String = { HTMLPlainText.text(ofHTML: $0, limit: 32_768) }
    ) {
        self.store = store
        self.plainText = plainText
    }

    /// Indexes every item stored or changed since it was last indexed.
    /// - Returns: how many items were indexed.
    /// - Throws: the store's errors; `CancellationError` stops between batches.
    @discardableResult
    public func catchUp() async throws -> Int {
        var total = 0
        while true {
            try Task.checkCancellation()
            let indexed = try await store.indexPendingItems(limit: Self.batchSize, plainText: plainText)
            total += indexed
            if indexed < Self.batchSize { return total }
        }
    }
}

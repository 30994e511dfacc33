import FeedEntities
import FeedStorage

/// `tidings feed show|set|unset`: a feed's own settings (`FeedSettings`), read and changed.
public struct FeedSettingsInteractor: Sendable {
    private let store: any FeedStore

    public init(store: any FeedStore) {
        self.store = store
    }

    /// Applies `set` (`key=value`, in order), then clears `unset`, and stores the result; with
    /// neither, only reads the feed. All or nothing: a refused assignment changes nothing.
    /// - Returns: the feed afterwards.
    /// - Throws: `FeedSettingsError` (an unknown key, a bad value: named, a secret never
    ///   quoted), `FeedStoreError.feedNotFound` for a number no feed has.
    public func change(_ feedID: Int64, set: [String], unset: [String]) async throws -> Feed {
        guard !set.isEmpty || !unset.isEmpty else {
            guard let feed = try await store.feed(id: feedID) else { throw FeedStoreError.feedNotFound(feedID) }
            return feed
        }
        return try await store.changeSettings(feedID: feedID) { settings in
            try settings.apply(set)
            try settings.unset(unset)
        }
    }
}

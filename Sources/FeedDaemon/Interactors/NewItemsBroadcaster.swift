import FeedEntities
import FeedStorage
import Foundation
import Logging

/// Hands the items the daemon stores to every client that watches (`watch`, `items.new`).
///
/// It keeps the highest item number it has announced: after a store, everything numbered above
/// it is new (numbers only ever grow). When nobody watches, `storedNewItems()` costs nothing;
/// the first watcher starts from the newest number at that moment.
public actor NewItemsBroadcaster {
    private let store: any FeedStore
    private let logger: Logger
    private var watchers: [UUID: AsyncStream<[Item]>.Continuation] = [:]
    private var announcedUpTo: Int64?
    /// Subscribers that only need to know that items were stored, and which numbers.
    private var storeWatchers: [UUID: AsyncStream<ClosedRange<Int64>>.Continuation] = [:]
    private var signalledUpTo: Int64?
    /// Items announced per notification at most; a big refresh sends several.
    static let batchSize = 500

    public init(store: any FeedStore, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    /// A stream of batches of new items (oldest number first), until the caller stops reading it.
    /// A watcher that reads slowly gets the newest 64 batches; older ones are dropped.
    public func watch() async -> AsyncStream<[Item]> {
        if watchers.isEmpty || announcedUpTo == nil {
            announcedUpTo = (try? await store.newestItemID()) ?? 0
        }
        let (stream, continuation) = AsyncStream<[Item]>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let id = UUID()
        watchers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.remove(id) }
        }
        return stream
    }

    private func remove(_ id: UUID) {
        watchers[id] = nil
        storeWatchers[id] = nil
    }

    /// The numbers of the items each store added, without the items: for a subscriber that
    /// reads them itself when it needs them (the hooks, once per pass), so that announcing a
    /// store costs one look at the newest number rather than reading every new item.
    public func watchStores() async -> AsyncStream<ClosedRange<Int64>> {
        if storeWatchers.isEmpty || signalledUpTo == nil {
            signalledUpTo = (try? await store.newestItemID()) ?? 0
        }
        let (stream, continuation) = AsyncStream<ClosedRange<Int64>>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let id = UUID()
        storeWatchers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.remove(id) }
        }
        return stream
    }

    /// Number of clients watching now.
    public var watcherCount: Int { watchers.count }

    /// Number of `watchStores` subscribers.
    public var storeWatcherCount: Int { storeWatchers.count }

    /// Tells the watchers about items stored since the last call. Called after each store that
    /// added items; calls are serialised by the actor, so every item is announced once.
    public func storedNewItems() async {
        if !storeWatchers.isEmpty, let from = signalledUpTo, let newest = try? await store.newestItemID(), newest > from {
            signalledUpTo = newest
            for continuation in storeWatchers.values { continuation.yield((from + 1)...newest) }
        }
        guard !watchers.isEmpty, var after = announcedUpTo else { return }
        do {
            while true {
                let items = try await store.items(ItemQuery(unreadOnly: false, afterID: after, limit: Self.batchSize))
                guard let last = items.last else { break }
                after = last.id
                announcedUpTo = after
                for continuation in watchers.values { continuation.yield(items) }
                if items.count < Self.batchSize { break }
            }
        } catch {
            logger.warning("cannot read new items for watchers: \(error)")
        }
    }

    /// Starts again from the newest number after the database was replaced by a restore: its
    /// numbers may be lower than those announced (they grow only within one database), and
    /// what it holds is not new. Watchers stay and hear of the items stored from now on.
    public func databaseReplaced() async {
        let newest = (try? await store.newestItemID()) ?? 0
        if announcedUpTo != nil { announcedUpTo = newest }
        if signalledUpTo != nil { signalledUpTo = newest }
    }

    /// Ends every watch (the daemon is stopping).
    public func finishAll() {
        for continuation in watchers.values { continuation.finish() }
        for continuation in storeWatchers.values { continuation.finish() }
        watchers = [:]
        storeWatchers = [:]
    }
}

import FeedStorage
import Synchronization

/// Which item was shown last (`tidings show`), so that `tidings show --next` goes on after it:
/// answers where `items.next` starts.
///
/// Kept in memory, for the daemon's lifetime: after a restart, "next" starts again from the
/// newest unread item. Safe to use from any task.
public final class ReadingPosition: Sendable {
    private let store: any FeedStore
    private let shown = Mutex<Int64?>(nil)

    public init(store: any FeedStore) {
        self.store = store
    }

    /// Records that the client showed the item numbered `number`.
    public func show(_ number: Int64) {
        shown.withLock { $0 = number }
    }

    /// The number of the unread item to show next, `nil` when there is none; and the item
    /// shown last that the search went on after (`nil`: it started from the newest).
    /// - Parameter afterShown: go on after the item shown last, if there is one and it is
    ///   still stored; otherwise, and when `false`, take the newest unread item.
    /// - Throws: what the store throws.
    public func next(afterShown: Bool) async throws -> (number: Int64?, after: Int64?) {
        var after = afterShown ? shown.withLock { $0 } : nil
        // Deleted since (retention, unsubscribe): nothing is listed after an unknown number.
        if let number = after, try await !store.unknownItems([number]).isEmpty { after = nil }
        let next = try await store.items(ItemQuery(unreadOnly: true, limit: 1, listedAfter: after)).first
        return (next?.id, after)
    }
}

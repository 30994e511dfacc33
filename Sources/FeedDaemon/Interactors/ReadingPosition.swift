import FeedStorage

/// Which item was shown last (`tidings show`), so that `tidings show --next` goes on after it:
/// answers where `items.next` starts. The store keeps the position (`FeedStore.lastShownItem`),
/// so reading goes on where it stopped after the daemon restarts; one position for all clients.
public struct ReadingPosition: Sendable {
    private let store: any FeedStore

    public init(store: any FeedStore) {
        self.store = store
    }

    /// Records that the client showed the item numbered `number`.
    /// - Throws: what the store throws.
    public func show(_ number: Int64) async throws {
        try await store.setLastShownItem(number)
    }

    /// The number of the unread item to show next, `nil` when there is none; and the item
    /// shown last that the search went on after (`nil`: it started from the newest).
    /// - Parameter afterShown: go on after the item shown last, if there is one and it is
    ///   still stored (the store forgets a deleted one); otherwise, and when `false`, take the
    ///   newest unread item.
    /// - Throws: what the store throws.
    public func next(afterShown: Bool) async throws -> (number: Int64?, after: Int64?) {
        let after = afterShown ? try await store.lastShownItem() : nil
        let next = try await store.items(ItemQuery(unreadOnly: true, limit: 1, listedAfter: after)).first
        return (next?.id, after)
    }
}

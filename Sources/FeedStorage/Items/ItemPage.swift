import FeedEntities

/// A page of a listing (`FeedStore.itemPage`): its items, newest first, and where they lie in
/// the whole listing when that was asked for.
public struct ItemPage: Sendable, Hashable {
    /// Where a page lies in its listing: what a reader needs for "items 201–240 of 100,312"
    /// and a scroll bar, without reading the items around it.
    public struct Position: Sendable, Hashable {
        /// How many items the whole listing has: the query's filters, without its anchor,
        /// `fromEnd` and `limit`.
        public var total: Int
        /// How many items of the listing come before the page's first item; for an empty page,
        /// how many come before where it would be.
        public var offset: Int

        public init(total: Int, offset: Int) {
            self.total = total
            self.offset = offset
        }
    }

    public var items: [Item]
    /// `nil` unless asked for.
    public var position: Position?

    public init(items: [Item], position: Position? = nil) {
        self.items = items
        self.position = position
    }
}

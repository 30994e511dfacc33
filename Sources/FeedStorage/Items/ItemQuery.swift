#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// A selection of items.
public struct ItemQuery: Sendable, Hashable {
    public var unreadOnly: Bool
    public var starredOnly: Bool
    public var feedID: Int64?
    /// Only items of feeds with this tag (case-insensitive).
    public var tag: String?
    /// Only items whose date (published, else updated, else first seen) is at or after this.
    public var since: Date?
    /// Only items the search index matches with this FTS5 query (`SearchExpression`).
    public var match: String?
    /// Only items numbered above this, oldest first instead of newest first (new-item
    /// notifications read what was stored after the last number they sent).
    public var afterID: Int64?
    /// Only items listed after the item with this number, in the listing's order (newest
    /// first): the next ones to read below it. None when no item has that number.
    public var listedAfter: Int64?
    /// Only items listed before the item with this number (above it); with `limit`, the
    /// `limit` nearest to it, still newest first. None when no item has that number. Not
    /// with `listedAfter`, which wins.
    public var listedBefore: Int64?
    /// With `limit`: the last `limit` items of the listing (the oldest), still newest first.
    public var fromEnd: Bool
    public var limit: Int?
    /// Whether `summary` and `content` are loaded (listings leave them out).
    public var includeContent: Bool
    /// Whether items a rule hid are listed too (default listings leave them out).
    public var includeHidden: Bool
    /// Only items this query selects (a saved view, `list --where`); it reads the time when
    /// the listing runs, for `newer:` and `older:`.
    public var filter: ItemFilter?
    /// The moment `filter`'s `newer:` and `older:` count from; `nil`: when the listing runs.
    public var filterTime: Date?
    /// The listing's order; anchors (`listedAfter`, `listedBefore`) and positions follow it.
    /// Not with `afterID`, which lists by number.
    public var order: ItemOrder = .date

    public init(
        unreadOnly: Bool = true, starredOnly: Bool = false, feedID: Int64? = nil, tag: String? = nil,
        since: Date? = nil, match: String? = nil, afterID: Int64? = nil, limit: Int? = nil,
        includeContent: Bool = false, includeHidden: Bool = false, listedAfter: Int64? = nil,
        listedBefore: Int64? = nil, fromEnd: Bool = false
    ) {
        self.unreadOnly = unreadOnly
        self.starredOnly = starredOnly
        self.feedID = feedID
        self.tag = tag
        self.since = since
        self.match = match
        self.afterID = afterID
        self.limit = limit
        self.includeContent = includeContent
        self.includeHidden = includeHidden
        self.listedAfter = listedAfter
        self.listedBefore = listedBefore
        self.fromEnd = fromEnd
    }
}

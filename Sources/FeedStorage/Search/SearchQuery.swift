#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// A full-text search.
public struct SearchQuery: Sendable, Hashable {
    /// An FTS5 query (`SearchExpression.fts5(from:)` builds a safe one from what users type).
    public var match: String
    public var unreadOnly: Bool
    public var feedID: Int64?
    public var tag: String?
    public var limit: Int

    public init(match: String, unreadOnly: Bool = false, feedID: Int64? = nil, tag: String? = nil, limit: Int = 50) {
        self.match = match
        self.unreadOnly = unreadOnly
        self.feedID = feedID
        self.tag = tag
        self.limit = limit
    }
}

/// One hit of a search: the item (without content) and where it matched, with each match
/// between U+0002 and U+0003 (characters stored text never contains).
public struct ItemSearchResult: Sendable, Hashable {
    public var item: Item
    public var highlightedTitle: String
    /// A few words around the best match in the summary or content; `""` when none matched.
    public var snippet: String

    public init(item: Item, highlightedTitle: String, snippet: String) {
        self.item = item
        self.highlightedTitle = highlightedTitle
        self.snippet = snippet
    }
}

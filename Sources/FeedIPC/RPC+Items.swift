#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

extension RPC {
    /// `items.list`: items newest first, without their `summary`/`content` (use `items.get`).
    public enum ListItems: RPCMethod {
        public static let name = "items.list"
        public struct Params: Codable, Sendable, Hashable {
            /// Only unread items (default `true`).
            public var unreadOnly: Bool?
            /// Only starred items (default `false`; protocol 1.2).
            public var starredOnly: Bool?
            /// A feed number, URL, or unambiguous title prefix.
            public var feed: String?
            /// Only items of feeds with this tag (case-insensitive; protocol 1.2).
            public var tag: String?
            /// Only items dated at or after this moment (protocol 1.2).
            public var since: Date?
            /// Only items whose title, summary or content match this full-text query (protocol 1.2).
            public var search: String?
            /// At most this many items (default: all).
            public var limit: Int?
            /// Items a rule hid are listed too (default `false`; protocol 1.4).
            public var includeHidden: Bool?
            /// Only items listed after (below) the item with this number, in the listing's
            /// order; the item need not be in the listing, but must exist (else `notFound`;
            /// protocol 1.8).
            public var after: Int64?
            /// Only items listed before (above) the item with this number; with `limit`, the
            /// `limit` nearest to it, still newest first. Not with `after` (protocol 1.8).
            public var before: Int64?
            /// With `limit`: the last `limit` items of the listing (the oldest), still newest
            /// first. Not with `after` or `before` (protocol 1.8).
            public var fromEnd: Bool?
            /// The result carries `total` and `offset` (default `false`; protocol 1.8).
            public var withPosition: Bool?
            /// The listing's order, `ItemOrder`'s names: `date` (the default, newest first),
            /// `title`, `feed`, `unread` (protocol 1.15); `after`, `before` and positions follow it.
            public var order: String?
            /// Only items this query selects, in the query language of saved views
            /// (docs/views.md); combined with the other filters (protocol 1.17).
            public var `where`: String?
            /// Only items the saved view of this name (without case) selects; combined with
            /// the other filters, `where` included (protocol 1.18).
            public var view: String?
            public init(
                unreadOnly: Bool? = nil, starredOnly: Bool? = nil, feed: String? = nil, tag: String? = nil,
                since: Date? = nil, search: String? = nil, limit: Int? = nil, includeHidden: Bool? = nil,
                after: Int64? = nil, before: Int64? = nil, fromEnd: Bool? = nil, withPosition: Bool? = nil,
                order: String? = nil, where query: String? = nil, view: String? = nil
            ) {
                self.view = view
                self.order = order
                self.where = query
                self.unreadOnly = unreadOnly
                self.starredOnly = starredOnly
                self.feed = feed
                self.tag = tag
                self.since = since
                self.search = search
                self.limit = limit
                self.includeHidden = includeHidden
                self.after = after
                self.before = before
                self.fromEnd = fromEnd
                self.withPosition = withPosition
            }
        }
        public struct Result: Codable, Sendable, Hashable {
            public var items: [Item]
            /// With `withPosition`: how many items the whole listing has with these filters
            /// (without `after`, `before`, `fromEnd` and `limit`; protocol 1.8).
            public var total: Int?
            /// With `withPosition`: how many items of the listing come before the first one
            /// returned; with none returned, before where it would be (protocol 1.8).
            public var offset: Int?
            public init(items: [Item], total: Int? = nil, offset: Int? = nil) {
                self.items = items
                self.total = total
                self.offset = offset
            }
        }
    }

    /// `items.search`: full-text search, best match first (protocol 1.2).
    public enum Search: RPCMethod {
        public static let name = "items.search"
        /// The longest query searched, in UTF-8 bytes (also for `items.list`'s `search`): far
        /// more than anyone types, while every word costs the index a lookup, so a pasted
        /// megabyte would cost seconds and a hundred megabytes of memory.
        public static let maximumQueryBytes = 1024
        public struct Params: Codable, Sendable, Hashable {
            /// Words to find in titles, summaries and contents; `"a phrase"`, `prefix*`, `OR`
            /// and `-word` (NOT) are understood, everything else is taken literally.
            public var query: String
            /// Only unread items (default `false`).
            public var unreadOnly: Bool?
            public var feed: String?
            public var tag: String?
            /// At most this many hits (default 50).
            public var limit: Int?
            public init(query: String, unreadOnly: Bool? = nil, feed: String? = nil, tag: String? = nil, limit: Int? = nil) {
                self.query = query
                self.unreadOnly = unreadOnly
                self.feed = feed
                self.tag = tag
                self.limit = limit
            }
        }
        public struct Result: Codable, Sendable, Hashable {
            public var hits: [SearchHit]
            /// The index could not be brought up to date (the database refused the write: a full
            /// disk, an I/O error, a read-only file), so the hits come from the items indexed
            /// before; `nil` when the search saw every item (protocol 1.7).
            public var partial: Bool?
            /// With `partial`: how many items wait for the index, and so cannot be found yet.
            public var unindexed: Int?
            /// With `partial`: why the index could not be written, as SQLite put it
            /// (`database or disk is full`).
            public var partialReason: String?
            public init(hits: [SearchHit], partial: Bool? = nil, unindexed: Int? = nil, partialReason: String? = nil) {
                self.hits = hits
                self.partial = partial
                self.unindexed = unindexed
                self.partialReason = partialReason
            }
        }
    }

    /// `items.get`: one item with its full content, and optionally that content rendered as
    /// text for a terminal of the given width (the client stays free of an HTML parser).
    public enum GetItem: RPCMethod {
        public static let name = "items.get"
        public struct Params: Codable, Sendable, Hashable {
            public var number: Int64
            /// When set, the result carries `rendered` at this many columns (clamped to 20...500).
            public var width: Int?
            /// The client shows the item to be read: `items.next` goes on after it (protocol 1.6).
            public var shown: Bool?
            /// Which text `rendered` renders: the feed's, or the article kept from the item's
            /// page; by default the article when one is kept (protocol 1.16).
            public var text: ItemText?
            public init(number: Int64, width: Int? = nil, shown: Bool? = nil, text: ItemText? = nil) {
                self.number = number
                self.width = width
                self.shown = shown
                self.text = text
            }
        }
        public struct Result: Codable, Sendable, Hashable {
            public var item: Item
            public var rendered: RenderedContent?
            /// The article kept from the item's page, when it was ever fetched (protocol 1.16).
            public var article: ItemArticle?
            /// Which text `rendered` is (protocol 1.16; absent from older daemons: the feed's).
            public var text: ItemText?
            public init(item: Item, rendered: RenderedContent? = nil, article: ItemArticle? = nil, text: ItemText? = nil) {
                self.item = item
                self.rendered = rendered
                self.article = article
                self.text = text
            }
        }
    }

    /// `items.article`: the item's article, fetched from its page and extracted now unless one
    /// is kept (or with `refetch`, conditionally, whatever is kept), and kept; with the item and,
    /// with `width`, the article rendered (the feed's text when the page gave none). A page
    /// that cannot be fetched or holds no article is no error: `article.status` and
    /// `article.error` say so (protocol 1.16).
    public enum GetArticle: RPCMethod {
        public static let name = "items.article"
        public struct Params: Codable, Sendable, Hashable {
            public var number: Int64
            public var width: Int?
            /// Fetch the page again even when an article is kept.
            public var refetch: Bool?
            /// As in `items.get`.
            public var shown: Bool?
            public init(number: Int64, width: Int? = nil, refetch: Bool? = nil, shown: Bool? = nil) {
                self.number = number
                self.width = width
                self.refetch = refetch
                self.shown = shown
            }
        }
        public typealias Result = GetItem.Result
    }

    /// `items.next`: the unread item to read next, with its content, as `items.get` gives it:
    /// the newest unread item, or with `afterShown` the first unread item listed after the one
    /// shown last (`items.get` with `shown`, or `items.next`), in the order of `items.list`.
    /// The item returned is the one shown last from then on (protocol 1.6).
    public enum NextItem: RPCMethod {
        public static let name = "items.next"
        public struct Params: Codable, Sendable, Hashable {
            /// Go on after the item shown last (default `false`: the newest unread item). With
            /// none shown since the daemon started, or the one shown gone, the newest unread.
            public var afterShown: Bool?
            /// As in `items.get`.
            public var width: Int?
            /// As in `items.get`.
            public var text: ItemText?
            public init(afterShown: Bool? = nil, width: Int? = nil, text: ItemText? = nil) {
                self.afterShown = afterShown
                self.width = width
                self.text = text
            }
        }
        public struct Result: Codable, Sendable, Hashable {
            /// `nil` when no unread item is left (after the one shown last, with `afterShown`).
            public var item: Item?
            public var rendered: RenderedContent?
            /// The item shown last that the search went on after; `nil` when it started from
            /// the newest.
            public var after: Int64?
            /// As in `items.get`.
            public var article: ItemArticle?
            public var text: ItemText?
            public init(
                item: Item?, rendered: RenderedContent? = nil, after: Int64? = nil, article: ItemArticle? = nil,
                text: ItemText? = nil
            ) {
                self.item = item
                self.rendered = rendered
                self.after = after
                self.article = article
                self.text = text
            }
        }
    }

    /// `items.markRead`: mark items read (or unread with `read: false`): the listed numbers, every
    /// item (`all`), every item of a feed (`feed`), or every item a saved view lists (`view`);
    /// exactly one of the four.
    public enum MarkRead: RPCMethod {
        public static let name = "items.markRead"
        public struct Params: Codable, Sendable, Hashable {
            public var numbers: [Int64]?
            /// Every item (protocol 1.2).
            public var all: Bool?
            /// Every item of this feed (protocol 1.2); a title prefix must be at least three
            /// characters (protocol 1.6).
            public var feed: String?
            /// Every item the saved view of this name lists (protocol 1.18).
            public var view: String?
            /// Default `true`.
            public var read: Bool?
            public init(numbers: [Int64]? = nil, all: Bool? = nil, feed: String? = nil, view: String? = nil, read: Bool? = nil) {
                self.view = view
                self.numbers = numbers
                self.all = all
                self.feed = feed
                self.read = read
            }
        }
        public typealias Result = ItemStateChange
    }

    /// `items.star`: star items (or unstar them with `starred: false`; protocol 1.2).
    public enum Star: RPCMethod {
        public static let name = "items.star"
        public struct Params: Codable, Sendable, Hashable {
            public var numbers: [Int64]
            /// Default `true`.
            public var starred: Bool?
            public init(numbers: [Int64], starred: Bool? = nil) {
                self.numbers = numbers
                self.starred = starred
            }
        }
        public typealias Result = ItemStateChange
    }
}

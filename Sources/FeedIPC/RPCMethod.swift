import FeedEntities

/// A method of the socket protocol: its wire name and the types of its params and result.
///
/// Both sides use these types, so a request the client can express is one the daemon can decode.
public protocol RPCMethod: Sendable {
    associatedtype Params: Codable & Sendable
    associatedtype Result: Codable & Sendable
    static var name: String { get }
}

/// An empty params or result object (`{}`).
public struct Empty: Codable, Sendable, Hashable {
    public init() {}
}

/// The methods of protocol version 1 (docs/protocol.md).
public enum RPC {
    /// `hello`: the handshake every client sends first.
    public enum Hello: RPCMethod {
        public static let name = "hello"
        public struct Params: Codable, Sendable, Hashable {
            public var client: String
            public var protocolVersion: String
            public init(client: String, protocolVersion: String = ProtocolVersion.current) {
                self.client = client
                self.protocolVersion = protocolVersion
            }
        }
        public struct Result: Codable, Sendable, Hashable {
            public var protocolVersion: String
            public var daemonVersion: String
            /// The `browser` setting of the daemon's config, so the client need not read YAML.
            public var browser: String?
            public init(protocolVersion: String, daemonVersion: String, browser: String?) {
                self.protocolVersion = protocolVersion
                self.daemonVersion = daemonVersion
                self.browser = browser
            }
        }
    }

    /// `feeds.subscribe`: fetch a URL once and store it as a feed if it parses as one.
    public enum Subscribe: RPCMethod {
        public static let name = "feeds.subscribe"
        public struct Params: Codable, Sendable, Hashable {
            public var url: String
            public init(url: String) { self.url = url }
        }
        public struct Result: Codable, Sendable, Hashable {
            public var feed: Feed
            /// Items stored from the first fetch.
            public var itemCount: Int
            public init(feed: Feed, itemCount: Int) {
                self.feed = feed
                self.itemCount = itemCount
            }
        }
    }

    /// `feeds.unsubscribe`: remove a feed and its items.
    public enum Unsubscribe: RPCMethod {
        public static let name = "feeds.unsubscribe"
        public struct Params: Codable, Sendable, Hashable {
            /// A feed number, URL, or unambiguous title prefix.
            public var feed: String
            public init(feed: String) { self.feed = feed }
        }
        public struct Result: Codable, Sendable, Hashable {
            public var feed: Feed
            public init(feed: Feed) { self.feed = feed }
        }
    }

    /// `feeds.list`: every subscribed feed with its counters.
    public enum ListFeeds: RPCMethod {
        public static let name = "feeds.list"
        public typealias Params = Empty
        public struct Result: Codable, Sendable, Hashable {
            public var feeds: [Feed]
            public init(feeds: [Feed]) { self.feeds = feeds }
        }
    }

    /// `items.list`: items newest first, without their `summary`/`content` (use `items.get`).
    public enum ListItems: RPCMethod {
        public static let name = "items.list"
        public struct Params: Codable, Sendable, Hashable {
            /// Only unread items (default `true`).
            public var unreadOnly: Bool?
            /// A feed number, URL, or unambiguous title prefix.
            public var feed: String?
            /// At most this many items (default: all).
            public var limit: Int?
            public init(unreadOnly: Bool? = nil, feed: String? = nil, limit: Int? = nil) {
                self.unreadOnly = unreadOnly
                self.feed = feed
                self.limit = limit
            }
        }
        public struct Result: Codable, Sendable, Hashable {
            public var items: [Item]
            public init(items: [Item]) { self.items = items }
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
            public init(number: Int64, width: Int? = nil) {
                self.number = number
                self.width = width
            }
        }
        public struct Result: Codable, Sendable, Hashable {
            public var item: Item
            public var rendered: RenderedContent?
            public init(item: Item, rendered: RenderedContent? = nil) {
                self.item = item
                self.rendered = rendered
            }
        }
    }

    /// `items.markRead`: mark items read (or unread with `read: false`).
    public enum MarkRead: RPCMethod {
        public static let name = "items.markRead"
        public struct Params: Codable, Sendable, Hashable {
            public var numbers: [Int64]
            /// Default `true`.
            public var read: Bool?
            public init(numbers: [Int64], read: Bool? = nil) {
                self.numbers = numbers
                self.read = read
            }
        }
        public struct Result: Codable, Sendable, Hashable {
            /// Items whose state changed.
            public var updated: Int
            public init(updated: Int) { self.updated = updated }
        }
    }

    /// `refresh`: fetch feeds now, regardless of schedule, and report per feed.
    public enum Refresh: RPCMethod {
        public static let name = "refresh"
        public struct Params: Codable, Sendable, Hashable {
            /// Feed selectors; all feeds when absent or empty.
            public var feeds: [String]?
            public init(feeds: [String]? = nil) { self.feeds = feeds }
        }
        public struct Result: Codable, Sendable, Hashable {
            public var outcomes: [RefreshOutcome]
            public init(outcomes: [RefreshOutcome]) { self.outcomes = outcomes }
        }

        /// The `refresh.progress` notifications the daemon sends on the connection of a
        /// `refresh` request before its answer: one when the refresh starts (`done` 0, no
        /// `outcome`), then one per feed as it finishes.
        public struct Progress: Codable, Sendable, Hashable {
            public static let method = "refresh.progress"
            /// Feeds finished so far.
            public var done: Int
            /// Feeds in this refresh.
            public var total: Int
            /// Feeds that failed so far.
            public var errors: Int
            /// The feed that just finished; `nil` in the first notification.
            public var outcome: RefreshOutcome?

            public init(done: Int, total: Int, errors: Int, outcome: RefreshOutcome? = nil) {
                self.done = done
                self.total = total
                self.errors = errors
                self.outcome = outcome
            }
        }
    }
}

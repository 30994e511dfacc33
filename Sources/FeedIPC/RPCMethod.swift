import FeedEntities

/// A method of the socket protocol: its wire name and the types of its params and result.
///
/// Both sides use these types, so a request the client can express is one the daemon can decode.
public protocol RPCMethod: Sendable {
    associatedtype Params: Codable & Sendable
    associatedtype Result: Codable & Sendable
    static var name: String { get }
    /// How the messages are written and read without Codable; `nil` (the default) for the
    /// methods that `WireCoding`'s `JSONEncoder` and `JSONDecoder` write and read.
    static var directCoding: RPCDirectCoding<Self>? { get }
}

extension RPCMethod {
    public static var directCoding: RPCDirectCoding<Self>? { nil }
}

/// An empty params or result object (`{}`).
public struct Empty: Codable, Sendable, Hashable {
    public init() {}
}

/// The methods of protocol version 1 (docs/protocol.md), one file per area: `RPC+Feeds.swift`,
/// `RPC+FeedSettings.swift`, `RPC+Items.swift`, `RPC+Rules.swift`, `RPC+Sync.swift`,
/// `RPC+Daemon.swift`, `RPC+Maintenance.swift`, `RPC+Restore.swift`; `hello` and `refresh` here.
/// `RPC+DirectCoding.swift` writes and reads `hello` and `items.list` by hand.
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
            // Nothing a client runs comes from here: the browser command is read from the config
            // file by the client itself, since whoever answers on a socket is trusted with data only.
            public init(protocolVersion: String, daemonVersion: String) {
                self.protocolVersion = protocolVersion
                self.daemonVersion = daemonVersion
            }
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

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

extension RPC {
    /// `status`: what the daemon is and holds (protocol 1.2).
    public enum Status: RPCMethod {
        public static let name = "status"
        public typealias Params = Empty
        public typealias Result = DaemonStatus
    }

    /// `watch`: keeps the request open and sends an `items.new` notification each time the daemon
    /// stores new items; answered (with `{}`) only when the daemon stops (protocol 1.2).
    public enum Watch: RPCMethod {
        public static let name = "watch"
        public typealias Params = Empty
        public typealias Result = Empty

        /// The params of an `items.new` notification: items just stored, oldest number first,
        /// without summary and content.
        public struct NewItems: Codable, Sendable, Hashable {
            public static let method = "items.new"
            public var items: [Item]
            public init(items: [Item]) { self.items = items }
        }
    }
}

/// The answer to `status`.
public struct DaemonStatus: Codable, Sendable, Hashable {
    public var daemonVersion: String
    public var protocolVersion: String
    /// When this daemon process started.
    public var startedAt: Date
    public var feeds: Int
    /// Feeds whose last refresh failed, or gone.
    public var failingFeeds: Int
    public var items: Int
    public var unread: Int
    public var starred: Int
    /// When the last refresh pass ended; `nil` before the first.
    public var lastRefresh: Date?
    /// The earliest next check of a feed; `nil` when no feed is scheduled.
    public var nextRefresh: Date?
    /// Whether a refresh pass is running now.
    public var refreshing: Bool
    public var databasePath: String
    /// The database's size on disk, write-ahead log included.
    public var databaseBytes: Int64
    /// The newest schema migration applied (`v3`).
    public var schemaVersion: String

    public init(
        daemonVersion: String, protocolVersion: String, startedAt: Date, feeds: Int, failingFeeds: Int,
        items: Int, unread: Int, starred: Int, lastRefresh: Date?, nextRefresh: Date?, refreshing: Bool,
        databasePath: String, databaseBytes: Int64, schemaVersion: String
    ) {
        self.daemonVersion = daemonVersion
        self.protocolVersion = protocolVersion
        self.startedAt = startedAt
        self.feeds = feeds
        self.failingFeeds = failingFeeds
        self.items = items
        self.unread = unread
        self.starred = starred
        self.lastRefresh = lastRefresh
        self.nextRefresh = nextRefresh
        self.refreshing = refreshing
        self.databasePath = databasePath
        self.databaseBytes = databaseBytes
        self.schemaVersion = schemaVersion
    }
}

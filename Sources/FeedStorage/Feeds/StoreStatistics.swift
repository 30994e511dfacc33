#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// What `FeedStore.statistics()` counts.
public struct StoreStatistics: Sendable, Hashable {
    public var feeds: Int
    /// Feeds whose last attempt failed, or that are gone.
    public var failingFeeds: Int
    public var items: Int
    public var unread: Int
    public var starred: Int
    /// The latest refresh attempt of any feed.
    public var lastAttempt: Date?
    /// The earliest next check of a feed that is not gone (a feed that is due counts as now).
    public var nextCheck: Date?
    /// The database file and its write-ahead log, in bytes (0 in memory).
    public var databaseBytes: Int64
    public var schemaVersion: String

    public init(
        feeds: Int, failingFeeds: Int, items: Int, unread: Int, starred: Int, lastAttempt: Date?,
        nextCheck: Date?, databaseBytes: Int64, schemaVersion: String
    ) {
        self.feeds = feeds
        self.failingFeeds = failingFeeds
        self.items = items
        self.unread = unread
        self.starred = starred
        self.lastAttempt = lastAttempt
        self.nextCheck = nextCheck
        self.databaseBytes = databaseBytes
        self.schemaVersion = schemaVersion
    }
}

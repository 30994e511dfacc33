#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    /// The config file the daemon reads at start and on reload; `nil` from a daemon before
    /// protocol 1.6.
    public var configPath: String?
    /// The last reload, if it was refused (the daemon kept the configuration it had); `nil` when
    /// the last reload succeeded or there was none (protocol 1.6).
    public var reloadFailure: ReloadFailure?
    /// The storage error that stops the daemon writing (a full disk, an I/O error, a read-only
    /// database); `nil` while writes succeed (protocol 1.7).
    public var storage: StorageFailure?
    /// Syncing with a reading service; `nil` when the config names none (protocol 1.11).
    public var sync: SyncStatus?
    /// Damage found in the database while the daemon served it; `nil` while none was
    /// (protocol 1.14).
    public var damage: DatabaseDamage?
    /// The cache of article images (protocol 1.16; `nil` from older daemons).
    public var imageCache: ImageCacheUsage?

    public init(
        daemonVersion: String, protocolVersion: String, startedAt: Date, feeds: Int, failingFeeds: Int,
        items: Int, unread: Int, starred: Int, lastRefresh: Date?, nextRefresh: Date?, refreshing: Bool,
        databasePath: String, databaseBytes: Int64, schemaVersion: String, configPath: String? = nil,
        reloadFailure: ReloadFailure? = nil, storage: StorageFailure? = nil, sync: SyncStatus? = nil,
        damage: DatabaseDamage? = nil, imageCache: ImageCacheUsage? = nil
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
        self.configPath = configPath
        self.reloadFailure = reloadFailure
        self.storage = storage
        self.sync = sync
        self.damage = damage
        self.imageCache = imageCache
    }
}

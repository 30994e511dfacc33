import FeedEntities

/// The daemon's status as the View shows it: each value for people (`…Text`) and for scripts
/// (ISO 8601 UTC dates, counts in bytes and seconds). Strings are unsanitised: the View cleans them.
public struct StatusReport: Equatable, Sendable {
    public var daemonVersion: String
    public var protocolVersion: String
    /// When the daemon started, ISO 8601 UTC.
    public var startedAt: String
    public var uptimeSeconds: Int64
    /// `3 h 12 min`.
    public var uptimeText: String
    public var feeds: Int
    public var failingFeeds: Int
    public var items: Int
    public var unread: Int
    public var starred: Int
    /// ISO 8601 UTC; `nil` before the first refresh.
    public var lastRefresh: String?
    /// `5 min ago`, `never`.
    public var lastRefreshText: String
    /// ISO 8601 UTC; `nil` when no feed is scheduled.
    public var nextRefresh: String?
    /// `in 12 min`, `now`, `none`, `refreshing now`.
    public var nextRefreshText: String
    public var refreshing: Bool
    public var databasePath: String
    public var databaseBytes: Int64
    /// `12.4 MB`.
    public var databaseSizeText: String
    public var schemaVersion: String
    /// The daemon's config file; `nil` from a daemon before protocol 1.6.
    public var configPath: String?
    /// The last reload, when the daemon refused it; `nil` when it succeeded or there was none.
    public var reloadFailure: ReloadFailureReport?
    /// The storage error that keeps the daemon from writing; `nil` while writes succeed.
    public var storage: StorageFailureReport?
    /// Syncing with a reading service; `nil` when the config names none.
    public var sync: SyncStatusReport?
    /// Damage the daemon found in the database while serving it; `nil` while none was.
    public var damage: DatabaseDamageReport?
    /// The daemon's image cache; `nil` from a daemon before protocol 1.16.
    public var imageCache: ImageCacheUsage?

    public init(
        daemonVersion: String, protocolVersion: String, startedAt: String, uptimeSeconds: Int64, uptimeText: String,
        feeds: Int, failingFeeds: Int, items: Int, unread: Int, starred: Int, lastRefresh: String?,
        lastRefreshText: String, nextRefresh: String?, nextRefreshText: String, refreshing: Bool,
        databasePath: String, databaseBytes: Int64, databaseSizeText: String, schemaVersion: String,
        configPath: String? = nil, reloadFailure: ReloadFailureReport? = nil, storage: StorageFailureReport? = nil,
        sync: SyncStatusReport? = nil, damage: DatabaseDamageReport? = nil, imageCache: ImageCacheUsage? = nil
    ) {
        self.daemonVersion = daemonVersion
        self.protocolVersion = protocolVersion
        self.startedAt = startedAt
        self.uptimeSeconds = uptimeSeconds
        self.uptimeText = uptimeText
        self.feeds = feeds
        self.failingFeeds = failingFeeds
        self.items = items
        self.unread = unread
        self.starred = starred
        self.lastRefresh = lastRefresh
        self.lastRefreshText = lastRefreshText
        self.nextRefresh = nextRefresh
        self.nextRefreshText = nextRefreshText
        self.refreshing = refreshing
        self.databasePath = databasePath
        self.databaseBytes = databaseBytes
        self.databaseSizeText = databaseSizeText
        self.schemaVersion = schemaVersion
        self.configPath = configPath
        self.reloadFailure = reloadFailure
        self.storage = storage
        self.sync = sync
        self.damage = damage
        self.imageCache = imageCache
    }
}

/// Damage found in the database while the daemon served it, as `status` shows it. Strings are
/// unsanitised: the View cleans them.
public struct DatabaseDamageReport: Equatable, Sendable {
    /// What SQLite found, first problem first.
    public var problems: [String]
    /// Copies of the database beside it, newest first.
    public var backups: [String]
    /// `tidings restore /path/…bak`; `nil` without a backup.
    public var restoreCommand: String?
    /// Whether the counts could be read.
    public var counted: Bool

    public init(problems: [String], backups: [String], restoreCommand: String?, counted: Bool) {
        self.problems = problems
        self.backups = backups
        self.restoreCommand = restoreCommand
        self.counted = counted
    }
}

/// A storage error as `status` shows it. Strings are unsanitised: the View cleans them.
public struct StorageFailureReport: Equatable, Sendable {
    /// ISO 8601 UTC.
    public var since: String
    /// `07:12` today, `11-21` earlier (`DateText.compact`).
    public var sinceText: String
    /// The daemon's reason: `database or disk is full`.
    public var error: String
    /// Feeds whose refresh or health waits to be written.
    public var feeds: Int

    public init(since: String, sinceText: String, error: String, feeds: Int) {
        self.since = since
        self.sinceText = sinceText
        self.error = error
        self.feeds = feeds
    }
}

/// A refused reload as `status` shows it. Strings are unsanitised: the View cleans them.
public struct ReloadFailureReport: Equatable, Sendable {
    /// ISO 8601 UTC.
    public var at: String
    /// `5 min ago`.
    public var atText: String
    /// The daemon's reason, naming the file, line and key.
    public var error: String

    public init(at: String, atText: String, error: String) {
        self.at = at
        self.atText = atText
        self.error = error
    }
}

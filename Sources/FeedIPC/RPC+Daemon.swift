#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

extension RPC {
    /// The notification a daemon sends on a connection every `keepAliveSeconds` while it works on
    /// a request of it (protocol 1.14), without params: silence past a client's deadline then
    /// means the daemon is stopped or stuck, not busy. Clients ignore it as any notification
    /// they do not know.
    public static let keepAliveMethod = "daemon.working"
    /// Seconds between two keep-alives.
    public static let keepAliveSeconds = 5
    /// The keep-alive line, newline included.
    public static let keepAliveLine = Array(#"{"jsonrpc":"2.0","method":"daemon.working"}"#.utf8) + [0x0A]

    /// `status`: what the daemon is and holds (protocol 1.2; `configPath` and `reloadFailure`
    /// 1.6).
    public enum Status: RPCMethod {
        public static let name = "status"
        public typealias Params = Empty
        public typealias Result = DaemonStatus
    }

    /// `daemon.reload`: reads the config file again and applies it, as SIGHUP does; a file that
    /// does not load is refused as a whole with `configurationRefused`, and the daemon keeps the
    /// configuration it runs with (protocol 1.6).
    public enum Reload: RPCMethod {
        public static let name = "daemon.reload"
        public typealias Params = Empty
        public struct Result: Codable, Sendable, Hashable {
            /// The file read.
            public var configPath: String
            /// What changed, one setting each: `refresh_interval 1800 → 600`; empty when nothing did.
            public var changes: [String]
            /// Rules in force now.
            public var rules: Int
            /// `on_new_items` commands in force now.
            public var hooks: Int
            /// Whether new items raise a desktop notification (`notify`).
            public var notify: Bool
            /// Seconds between two refreshes of a feed (`refresh_interval`).
            public var refreshInterval: Int

            public init(configPath: String, changes: [String], rules: Int, hooks: Int, notify: Bool, refreshInterval: Int) {
                self.configPath = configPath
                self.changes = changes
                self.rules = rules
                self.hooks = hooks
                self.notify = notify
                self.refreshInterval = refreshInterval
            }
        }
    }

    /// `daemon.stop`: stops the daemon as SIGTERM does, once the answer is on its way: what it
    /// has stored stays, transfers end (protocol 1.15). Refused with `forbidden` when systemd
    /// runs the daemon as a unit, which would start it again: the message names the command.
    public enum Stop: RPCMethod {
        public static let name = "daemon.stop"
        public typealias Params = Empty
        public struct Result: Codable, Sendable, Hashable {
            /// The daemon's process, to wait for its end.
            public var pid: Int32
            public init(pid: Int32) { self.pid = pid }
        }
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

    public init(
        daemonVersion: String, protocolVersion: String, startedAt: Date, feeds: Int, failingFeeds: Int,
        items: Int, unread: Int, starred: Int, lastRefresh: Date?, nextRefresh: Date?, refreshing: Bool,
        databasePath: String, databaseBytes: Int64, schemaVersion: String, configPath: String? = nil,
        reloadFailure: ReloadFailure? = nil, storage: StorageFailure? = nil, sync: SyncStatus? = nil,
        damage: DatabaseDamage? = nil
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
    }
}

/// Damage SQLite found in the database while the daemon served it (`status`, protocol 1.14):
/// a broken page, or a header that is no database's any more. The daemon writes nothing more to
/// it until it is restored (`tidings restore`), refreshes nothing, and answers reads where it
/// can.
public struct DatabaseDamage: Codable, Sendable, Hashable {
    /// What SQLite found, first problem first.
    public var problems: [String]
    /// Copies of the database beside it, newest first.
    public var backups: [String]
    /// The command that puts the newest backup back (`tidings restore /path/…bak`); `nil`
    /// without a backup.
    public var restoreCommand: String?
    /// Whether the counts of the status could be read; when not, they are 0.
    public var counted: Bool

    public init(problems: [String], backups: [String], restoreCommand: String?, counted: Bool) {
        self.problems = problems
        self.backups = backups
        self.restoreCommand = restoreCommand
        self.counted = counted
    }
}

/// Writes the database refuses for a reason of the storage's, not of what is written: a full
/// disk or database, an I/O error, a read-only file (`status`, protocol 1.7). The feeds it hit
/// are not counted as failing on their account; their refreshes are tried again a minute after
/// the refused write, then after as long as the error has stood (at most every five minutes),
/// until a write succeeds.
public struct StorageFailure: Codable, Sendable, Hashable {
    /// Why: what the file system says it is, then SQLite's words (`the disk holding
    /// /home/u/.local/share/tidings is full (database or disk is full)`).
    public var error: String
    /// When the first write failed so.
    public var since: Date
    /// The feeds whose refresh or health waits to be written.
    public var feeds: Int

    public init(error: String, since: Date, feeds: Int) {
        self.error = error
        self.since = since
        self.feeds = feeds
    }
}

/// A reload of the configuration that was refused (SIGHUP or `daemon.reload`).
public struct ReloadFailure: Codable, Sendable, Hashable {
    /// When the daemon tried.
    public var at: Date
    /// Why, naming the file, line and key: `/home/u/.config/tidings/config.yaml line 3: 'concurrency': …`.
    public var error: String

    public init(at: Date, error: String) {
        self.at = at
        self.error = error
    }
}

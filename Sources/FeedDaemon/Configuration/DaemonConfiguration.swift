import FeedEntities
import FeedStorage
import Logging

/// The daemon's settings: defaults, overridden by the config file, overridden by command-line options.
///
/// Every key is documented in Config/config.yaml.
public struct DaemonConfiguration: Sendable, Equatable {
    /// Socket path; `nil` means the XDG default (`SocketLocation`).
    public var socketPath: String?
    /// Database path; `nil` means `$XDG_DATA_HOME/tidings/tidings.sqlite`.
    public var databasePath: String?
    /// Time between two scheduled refreshes of all feeds, in seconds.
    public var refreshInterval: Int = 30 * 60
    /// Transfers in flight at once, over all hosts.
    public var concurrency: Int = 16
    /// Connections open at once to one host: as many transfers over HTTP/1.1, more over HTTP/2,
    /// which carries many on one connection.
    public var perHostConcurrency: Int = 2
    /// Seconds allowed to establish a connection.
    public var connectTimeout: Int = 15
    /// Seconds allowed for a whole transfer.
    public var transferTimeout: Int = 60
    /// Largest feed document accepted, in bytes.
    public var maximumFeedSize: Int = 32 << 20
    /// `User-Agent` of every fetch; `nil`: `FetchOptions.userAgent(version:)`.
    public var userAgent: String?
    /// Proxy URL for every fetch (no credentials in it); `nil`: the environment's.
    public var proxy: String?
    /// PEM bundle of the certificate authorities trusted instead of the system's; `nil`: the system's.
    public var caFile: String?
    /// Browser command for `tidings open` (argv words; `%s` is the URL); `nil`: `$BROWSER`, then
    /// `xdg-open`. Read by the client from the file itself (a command it runs never comes from
    /// the socket); the daemon only validates it.
    public var browser: String?
    public var logLevel: Logger.Level = .info
    /// Which items are deleted after refreshes and by `tidings maintenance --retention`
    /// (`keep_days`, `keep_per_feed`, `keep_unread`, `keep_starred`); off by default.
    public var retention = RetentionPolicy()
    /// Whether `tidings` may start the daemon when none answers. Read by the client, which scans
    /// the file for a top-level `autostart: false`; the daemon only validates it.
    public var autostart = true
    /// Clients served at once and how long an idle or non-reading client is kept.
    public var connectionLimits = ConnectionLimits()
    /// Programs run with the new items after a refresh stored some (`on_new_items`), and the
    /// desktop notification (`notify`); none by default.
    public var newItemsHooks = NewItemsHooks()
    /// What the daemon does to each new item as it is stored (`rules`); none by default.
    public var rules: [Rule] = []
    /// The saved views of the config file (`views:`, origin `.config`), in its order; none by default.
    public var views: [SavedView] = []
    /// The reading service the daemon syncs with (`sync:`); none by default.
    public var sync: SyncConfiguration?
    /// Whether feeds without a `full_text` of their own have each new item's page fetched and
    /// its article kept (`full_text`); `never` by default.
    public var fullText: FullTextPolicy = .never
    /// Bytes of article images the daemon keeps on disk (`image_cache_size`); 0 keeps none.
    public var imageCacheSize: Int = 64 << 20

    public init() {}
}

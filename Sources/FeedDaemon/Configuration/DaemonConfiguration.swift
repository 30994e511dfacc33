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
    /// Transfers in flight at once to one host.
    public var perHostConcurrency: Int = 2
    /// Seconds allowed to establish a connection.
    public var connectTimeout: Int = 15
    /// Seconds allowed for a whole transfer.
    public var transferTimeout: Int = 60
    /// Largest feed document accepted, in bytes.
    public var maximumFeedSize: Int = 32 << 20
    /// Browser command for `tidings open` (argv words; `%s` is the URL); `nil`: `$BROWSER`, then `xdg-open`.
    public var browser: String?
    public var logLevel: Logger.Level = .info

    public init() {}
}

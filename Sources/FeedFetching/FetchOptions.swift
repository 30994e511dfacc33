/// Limits and identity for every transfer a `CurlRemoteDataManager` makes.
///
/// The defaults suit a feed reader: feeds are small, servers are many, and one slow or hostile
/// server must neither stall a refresh nor fill memory.
public struct FetchOptions: Sendable, Hashable {
    /// Longest wait for name resolution plus the TCP/TLS handshake.
    public var connectTimeout: Duration
    /// Longest time a whole transfer may take, redirects included, counted from the moment it
    /// leaves the queue (time spent waiting for a free slot does not count).
    public var transferTimeout: Duration
    /// A transfer slower than `lowSpeedLimit` bytes per second for `lowSpeedTime` is aborted,
    /// so a server that trickles bytes cannot hold a slot until `transferTimeout`.
    public var lowSpeedLimit: Int
    public var lowSpeedTime: Duration
    /// Largest accepted body, after content decoding (so compression bombs are bounded too).
    public var maximumBodySize: Int
    public var maximumRedirects: Int
    /// Transfers running at once; further ones wait in a queue.
    public var maximumConcurrentTransfers: Int
    /// Transfers running at once against one host, to be polite to servers that carry many feeds.
    public var maximumPerHost: Int
    /// Sent as `User-Agent`.
    public var userAgent: String

    /// - Parameter userAgent: the whole `User-Agent`; `userAgent(version:)` builds the usual one.
    public init(
        connectTimeout: Duration = .seconds(15),
        transferTimeout: Duration = .seconds(60),
        lowSpeedLimit: Int = 1,
        lowSpeedTime: Duration = .seconds(30),
        maximumBodySize: Int = 32 << 20,
        maximumRedirects: Int = 5,
        maximumConcurrentTransfers: Int = 16,
        maximumPerHost: Int = 2,
        userAgent: String
    ) {
        self.connectTimeout = connectTimeout
        self.transferTimeout = transferTimeout
        self.lowSpeedLimit = lowSpeedLimit
        self.lowSpeedTime = lowSpeedTime
        self.maximumBodySize = maximumBodySize
        self.maximumRedirects = maximumRedirects
        self.maximumConcurrentTransfers = maximumConcurrentTransfers
        self.maximumPerHost = maximumPerHost
        self.userAgent = userAgent
    }

    /// - Parameter version: the Tidings version, for the standard `User-Agent`.
    public init(
        version: String,
        connectTimeout: Duration = .seconds(15),
        transferTimeout: Duration = .seconds(60),
        lowSpeedLimit: Int = 1,
        lowSpeedTime: Duration = .seconds(30),
        maximumBodySize: Int = 32 << 20,
        maximumRedirects: Int = 5,
        maximumConcurrentTransfers: Int = 16,
        maximumPerHost: Int = 2
    ) {
        self.init(
            connectTimeout: connectTimeout, transferTimeout: transferTimeout, lowSpeedLimit: lowSpeedLimit,
            lowSpeedTime: lowSpeedTime, maximumBodySize: maximumBodySize, maximumRedirects: maximumRedirects,
            maximumConcurrentTransfers: maximumConcurrentTransfers, maximumPerHost: maximumPerHost,
            userAgent: Self.userAgent(version: version))
    }

    /// `Tidings/<version> (+https://github.com/tidings-reader/tidings)`: names the software and
    /// where its authors can be reached, as server operators expect from a crawler.
    public static func userAgent(version: String) -> String {
        "Tidings/\(version) (+https://github.com/tidings-reader/tidings)"
    }
}

extension Duration {
    /// Whole milliseconds, rounded up so that a positive duration never becomes "no limit" (0).
    var curlMilliseconds: Int {
        let (seconds, attoseconds) = components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int(clamping: milliseconds)
    }

    /// Whole seconds, rounded up, at least 1 for a positive duration.
    var curlSeconds: Int {
        (curlMilliseconds + 999) / 1000
    }
}

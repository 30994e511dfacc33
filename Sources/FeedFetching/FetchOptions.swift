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
    /// Connections open at once to one host, to be polite to servers that carry many feeds. An
    /// HTTP/1.1 connection carries one transfer at a time, so that many transfers run; an
    /// HTTP/2 connection carries many at once (its streams), so a host known to speak HTTP/2
    /// gets up to `maximumConcurrentTransfers` transfers over these few connections.
    public var maximumPerHost: Int
    /// Sent as `User-Agent`.
    public var userAgent: String
    /// The proxy for every transfer (`http://`, `https://`, `socks5://`, `socks5h://` and a host),
    /// checked by `proxyProblem(_:)`; `nil` leaves it to the environment (`http_proxy`,
    /// `https_proxy`, `no_proxy`, which libcurl reads). `TransferSettings.proxy` overrides it.
    public var proxy: String?
    /// A PEM bundle of the certificate authorities to trust instead of the system's (libcurl's
    /// CURLOPT_CAINFO replaces the default bundle, it does not add to it), for servers and
    /// https proxies alike; `nil` trusts the system's. `TransferSettings.caFile` overrides it
    /// for a feed's server.
    public var caFile: String?

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
        userAgent: String,
        proxy: String? = nil,
        caFile: String? = nil
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
        self.proxy = proxy
        self.caFile = caFile
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

    /// The proxy schemes libcurl is asked to speak: `socks5h` resolves names on the proxy,
    /// `socks5` here.
    public static let proxySchemes: Set<String> = ["http", "https", "socks5", "socks5h"]

    /// What is wrong with `proxy` as a proxy URL, as a phrase for an error message, or `nil`
    /// when it is fine: a scheme of `proxySchemes`, a host, and no credentials (a password
    /// in a URL ends up in logs and process listings; proxy credentials are given apart, as
    /// `TransferSettings.proxyCredentials`). The URL itself is never repeated in the phrase.
    public static func proxyProblem(_ proxy: String) -> String? {
        guard let scheme = ValidatedURL.scheme(of: proxy), proxy.contains("://") else {
            return "expected a URL such as http://proxy.example:3128 or socks5h://127.0.0.1:1080"
        }
        guard proxySchemes.contains(scheme) else {
            return "unsupported proxy scheme '\(scheme)' (http, https, socks5 or socks5h)"
        }
        guard !proxy.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return "contains control characters" }
        guard let parts = ValidatedURL.parts(of: proxy), let host = parts.host, !host.isEmpty else {
            return "expected a URL such as http://proxy.example:3128 or socks5h://127.0.0.1:1080"
        }
        guard !parts.hasCredentials else {
            return "must not contain credentials: give them as the feed's proxy credentials instead"
        }
        return nil
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

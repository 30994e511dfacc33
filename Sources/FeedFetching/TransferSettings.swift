import FeedEntities

/// How one fetch differs from the fetcher's defaults (`FetchOptions`): who it says it is, what
/// it sends besides, how it authenticates, and which proxy, trust and limits it uses.
///
/// Empty by default: every field left `nil` (or empty) keeps the fetcher's setting. A feed's own
/// settings map onto this one to one.
///
/// Secrets (the password, the proxy's password, the cookie, the extra headers' values) never
/// appear in `description`, in a `Mirror` of the value, in a log line, or in a `FetchError`:
/// errors are scrubbed of them before they are thrown (`FetchError.redacting`).
///
/// Values are checked when the fetch starts: a header line, cookie or user agent with a line
/// break (CR, LF) or NUL would inject headers and is refused with `FetchError.other`
/// ("invalid transfer settings: …", see `FetchError.invalidSettings`), as is a proxy URL with
/// credentials in it, a timeout that is not positive, or a size limit below 1 byte.
public struct TransferSettings: Sendable, Hashable {
    /// A user and password for the server (HTTP authentication, CURLOPT_USERNAME/PASSWORD),
    /// presented as `method` says: basic with the first request, digest in answer to the 401's
    /// challenge, any as the 401 asks (one extra request).
    ///
    /// Sent to the host of the requested URL only: a redirect to another host, scheme or port
    /// goes there without them.
    public struct Credentials: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
        public var user: String
        public var password: String
        public var method: AuthMethod

        public init(user: String, password: String, method: AuthMethod = .basic) {
            self.user = user
            self.password = password
            self.method = method
        }

        /// `user (basic)`: never the password.
        public var description: String { "\(user) (\(method.rawValue))" }
        public var customMirror: Mirror { Mirror(self, children: ["user": user, "method": method]) }
    }

    /// A user and password for the proxy (`Proxy-Authorization: Basic`,
    /// CURLOPT_PROXYUSERNAME/PROXYPASSWORD).
    public struct ProxyCredentials: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
        public var user: String
        public var password: String

        public init(user: String, password: String) {
            self.user = user
            self.password = password
        }

        /// The user: never the password.
        public var description: String { user }
        public var customMirror: Mirror { Mirror(self, children: ["user": user]) }
    }

    /// Sent as `User-Agent` instead of `FetchOptions.userAgent`.
    public var userAgent: String?
    /// Extra request header lines, each `Name: value` (a line `Name:` with nothing after the
    /// colon removes a header libcurl would send). `Accept` and the validators can be replaced
    /// this way too. A line whose name marks a credential (`CredentialHeader`: `Authorization`,
    /// `X-Auth-Token`, `X-Api-Key`, …) goes to the requested URL's origin only, like
    /// `credentials`: a redirect to another scheme, host or port is followed without it.
    public var headers: [String]
    /// Header lines that are secrets whatever their name (a feed's `secret_header`, or read from
    /// a file or program): sent like `headers`, to the requested URL's origin only, and never
    /// shown.
    public var secretHeaders: [String]
    /// Sent as a `Cookie:` header (`name=value; other=value`) to the first host only: a redirect
    /// to another host, scheme or port does not carry it.
    public var cookie: String?
    /// HTTP authentication with the server of the requested URL.
    public var credentials: Credentials?
    /// The proxy for this fetch instead of `FetchOptions.proxy` and the environment's:
    /// `http://`, `https://`, `socks5://` or `socks5h://` and a host (and port). No credentials in
    /// it: they go in `proxyCredentials`. An empty string means no proxy at all, not even the
    /// environment's.
    public var proxy: String?
    /// Credentials for the proxy (from this fetch's `proxy`, the fetcher's, or the environment's).
    public var proxyCredentials: ProxyCredentials?
    /// A PEM bundle of the certificate authorities that vouch for this feed's server, instead
    /// of the fetcher's (`FetchOptions.caFile`, else the system's): for a server with a
    /// certificate of its own authority. The proxy is still checked against the fetcher's.
    public var caFile: String?
    /// Longest time this fetch may take, instead of `FetchOptions.transferTimeout`.
    public var transferTimeout: Duration?
    /// Largest body accepted for this fetch, instead of `FetchOptions.maximumBodySize`.
    public var maximumBodySize: Int?

    public init(
        userAgent: String? = nil, headers: [String] = [], secretHeaders: [String] = [], cookie: String? = nil,
        credentials: Credentials? = nil,
        proxy: String? = nil, proxyCredentials: ProxyCredentials? = nil, caFile: String? = nil,
        transferTimeout: Duration? = nil, maximumBodySize: Int? = nil
    ) {
        self.userAgent = userAgent
        self.headers = headers
        self.secretHeaders = secretHeaders
        self.cookie = cookie
        self.credentials = credentials
        self.proxy = proxy
        self.proxyCredentials = proxyCredentials
        self.caFile = caFile
        self.transferTimeout = transferTimeout
        self.maximumBodySize = maximumBodySize
    }

    /// Whether every field keeps the fetcher's setting.
    public var isEmpty: Bool { self == TransferSettings() }

    /// The texts that must never be shown: passwords, the cookie and the extra headers' values.
    /// Header values shorter than 4 characters (`DNT: 1`) are no secrets and would garble
    /// every message they were scrubbed from.
    var secrets: [String] {
        var secrets = [credentials?.password, proxyCredentials?.password, cookie].compactMap { $0 }
        for line in headers + secretHeaders {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = String(line[line.index(after: colon)...].trimmingWhitespace())
            if value.count >= 4 { secrets.append(value) }
        }
        return secrets.filter { !$0.isEmpty }
    }

    /// Whether anything of these settings must not leave the requested URL's origin: the
    /// credentials, the cookie, a secret header or one whose name marks a credential.
    var hasOriginBoundSecrets: Bool {
        credentials != nil || cookie != nil || !secretHeaders.isEmpty
            || headers.contains(where: Self.namesCredential)
    }

    /// These settings for a request to another origin than the one they were set for: without
    /// the credentials, the cookie, the secret headers and every header whose name marks a
    /// credential. The proxy's credentials stay: they are the proxy's, which is the same.
    var withoutOriginBoundSecrets: TransferSettings {
        var settings = self
        settings.credentials = nil
        settings.cookie = nil
        settings.secretHeaders = []
        settings.headers.removeAll(where: Self.namesCredential)
        return settings
    }

    /// These settings, set for the origin of `settingsURL` (a feed's), for a request to `url`
    /// (a page the feed links to): whole when both have the same origin, else without what is
    /// bound to that origin (`withoutOriginBoundSecrets`) and without the CA file, which vouches
    /// for the feed's server only. So a feed's credentials never go to the sites it links to.
    public func forRequest(to url: String, setFor settingsURL: String) -> TransferSettings {
        if let origin = ValidatedURL.origin(of: url), origin == ValidatedURL.origin(of: settingsURL) { return self }
        var settings = withoutOriginBoundSecrets
        settings.caFile = nil
        return settings
    }

    /// Whether the name of the header line `line` marks a credential.
    private static func namesCredential(_ line: String) -> Bool {
        CredentialHeader.isCredential(CurlTransfer.headerName(line))
    }
}

extension TransferSettings: CustomStringConvertible, CustomReflectable {
    /// What is set, secrets left out: header names without values, `cookie` without its value.
    public var description: String {
        var parts: [String] = []
        if let userAgent { parts.append("userAgent: \(userAgent)") }
        if !headers.isEmpty {
            let names = headers.map { $0.split(separator: ":", maxSplits: 1).first.map(String.init) ?? "" }
            parts.append("headers: \(names.joined(separator: ", "))")
        }
        if !secretHeaders.isEmpty {
            let names = secretHeaders.map { $0.split(separator: ":", maxSplits: 1).first.map(String.init) ?? "" }
            parts.append("secretHeaders: \(names.joined(separator: ", "))")
        }
        if cookie != nil { parts.append("cookie: (set)") }
        if let credentials { parts.append("credentials: \(credentials)") }
        if let proxy { parts.append("proxy: \(proxy)") }
        if let proxyCredentials { parts.append("proxyCredentials: \(proxyCredentials)") }
        if let caFile { parts.append("caFile: \(caFile)") }
        if let transferTimeout { parts.append("transferTimeout: \(transferTimeout)") }
        if let maximumBodySize { parts.append("maximumBodySize: \(maximumBodySize)") }
        return "TransferSettings(\(parts.joined(separator: "; ")))"
    }

    public var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

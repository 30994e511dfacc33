/// What the user set for one feed (`tidings feed set`): how and how often it is fetched, and how
/// long its items are kept. Every setting is optional; one not set follows the daemon's config.
///
/// Two encodings, on purpose: the `Codable` form is the wire form (`feeds.list`, `--json`),
/// which hides the cookie and credential headers by construction; `storageJSON()` is the
/// database's, with every value in clear. A value decoded from the wire form is therefore not
/// the stored one (its cookie reads `(hidden)`) and must never be stored.
public struct FeedSettings: Sendable, Hashable {
    /// Seconds between refreshes, instead of the config's `refresh_interval`.
    public var interval: Int?
    /// The `User-Agent` sent.
    public var userAgent: String?
    /// Extra request headers, `Name: value` each. Names are unique (case-insensitively) across
    /// `headers`, `secretHeaders` and `headerSources`.
    public var headers: [String]
    /// Headers the user marked secret (`secret_header`), `Name: value` each: never shown, and
    /// sent to the feed's origin only, whatever their name.
    public var secretHeaders: [String]
    /// Headers whose value the daemon reads at each fetch from a program or a private file
    /// (`header_command`, `header_file`): secrets, sent to the feed's origin only.
    public var headerSources: [HeaderSource]
    /// The `Cookie` header's value. A secret.
    public var cookie: String?
    /// Where the daemon reads the cookie at each fetch instead (`cookie_command`,
    /// `cookie_file`); setting one clears the other.
    public var cookieSource: PasswordSource?
    /// The user name for HTTP authentication.
    public var authUser: String?
    /// Where the password for `authUser` comes from.
    public var authPassword: PasswordSource?
    /// The authentication scheme; `nil` lets the transfer library choose (basic).
    public var authMethod: AuthMethod?
    /// The proxy's URL (`http`, `https`, `socks5`, `socks5h`), without credentials.
    public var proxy: String?
    /// The user name for the proxy.
    public var proxyUser: String?
    /// Where the password for `proxyUser` comes from.
    public var proxyPassword: PasswordSource?
    /// Seconds a fetch may take, instead of the config's.
    public var timeout: Int?
    /// Bytes a feed document may have, instead of the config's.
    public var maxSize: Int?
    /// Items kept of this feed, instead of the config's `keep_per_feed`; 0 keeps them all.
    public var keepPerFeed: Int?
    /// Days items of this feed are kept, instead of the config's `keep_days`; 0 keeps them all.
    public var keepDays: Int?
    /// A file of CA certificates (PEM) to verify the server with, instead of the system's.
    public var caFile: String?
    /// Whether each new item's page is fetched and its article kept, instead of the config's
    /// `full_text`.
    public var fullText: FullTextPolicy?

    public init(
        interval: Int? = nil, userAgent: String? = nil, headers: [String] = [], cookie: String? = nil,
        authUser: String? = nil, authPassword: PasswordSource? = nil, authMethod: AuthMethod? = nil,
        proxy: String? = nil, proxyUser: String? = nil, proxyPassword: PasswordSource? = nil,
        timeout: Int? = nil, maxSize: Int? = nil, keepPerFeed: Int? = nil, keepDays: Int? = nil, caFile: String? = nil,
        secretHeaders: [String] = [], headerSources: [HeaderSource] = [], cookieSource: PasswordSource? = nil,
        fullText: FullTextPolicy? = nil
    ) {
        self.interval = interval
        self.userAgent = userAgent
        self.headers = headers
        self.secretHeaders = secretHeaders
        self.headerSources = headerSources
        self.cookie = cookie
        self.cookieSource = cookieSource
        self.authUser = authUser
        self.authPassword = authPassword
        self.authMethod = authMethod
        self.proxy = proxy
        self.proxyUser = proxyUser
        self.proxyPassword = proxyPassword
        self.timeout = timeout
        self.maxSize = maxSize
        self.keepPerFeed = keepPerFeed
        self.keepDays = keepDays
        self.caFile = caFile
        self.fullText = fullText
    }

    /// Whether nothing is set: the feed follows the config in everything.
    public var isEmpty: Bool { self == FeedSettings() }

    // MARK: - Secrets

    /// What stands for a secret wherever settings are shown or sent: `(hidden)`.
    public static let hidden = "(hidden)"

    /// A header whose value the daemon reads from where the user keeps it.
    public struct HeaderSource: Sendable, Hashable {
        /// The header's name.
        public var name: String
        /// The program whose output, or the private file whose text, is the value.
        public var source: PasswordSource

        public init(name: String, source: PasswordSource) {
            self.name = name
            self.source = source
        }
    }

    /// The cookie as it may be shown: `(hidden)` when one is set.
    public var shownCookie: String? { cookie.map { _ in Self.hidden } }

    /// The headers as they may be shown: `X-Api-Key: (hidden)` for a header whose name marks a
    /// credential (`CredentialHeader`).
    public var shownHeaders: [String] { headers.map(Self.shownHeader) }

    /// The secret headers as they may be shown: `Name: (hidden)` each.
    public var shownSecretHeaders: [String] { secretHeaders.map { "\(Self.headerName(of: $0)): \(Self.hidden)" } }

    /// `line` with its value hidden when its name marks a credential.
    static func shownHeader(_ line: String) -> String {
        let name = headerName(of: line)
        return CredentialHeader.isCredential(name) ? "\(name): \(hidden)" : line
    }

    /// Every header name the settings send, in any of their three forms.
    var headerNames: [String] {
        (headers + secretHeaders).map(Self.headerName(of:)) + headerSources.map(\.name)
    }

    /// The name of a `Name: value` line (everything before the first colon).
    static func headerName(of line: String) -> String {
        String(line.prefix { $0 != ":" })
    }

    /// `path` with a leading `~/` made `home`'s: the daemon resolves `auth_password_file` and
    /// `proxy_password_file` so when it reads them (they are stored as the user wrote them).
    public static func resolvedPath(_ path: String, home: String) -> String {
        path.hasPrefix("~/") ? home + path.dropFirst() : path
    }
}

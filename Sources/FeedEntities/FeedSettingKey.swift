/// The names of a feed's settings, as `tidings feed set FEED key=value` writes them, in the
/// order `tidings feed show` lists them.
public enum FeedSettingKey: String, Sendable, Hashable, CaseIterable {
    case interval
    case userAgent = "user_agent"
    case header
    case secretHeader = "secret_header"
    case headerCommand = "header_command"
    case headerFile = "header_file"
    case cookie
    case cookieCommand = "cookie_command"
    case cookieFile = "cookie_file"
    case authUser = "auth_user"
    case authPassword = "auth_password"
    case authPasswordCommand = "auth_password_command"
    case authPasswordFile = "auth_password_file"
    case authMethod = "auth_method"
    case proxy
    case proxyUser = "proxy_user"
    case proxyPasswordCommand = "proxy_password_command"
    case proxyPasswordFile = "proxy_password_file"
    case timeout
    case maxSize = "max_size"
    case keepPerFeed = "keep_per_feed"
    case keepDays = "keep_days"
    case caFile = "ca_file"
    case fullText = "full_text"

    /// Whether the value may be a secret, which is never shown, encoded on the wire, logged or
    /// quoted in an error: the cookie, and the headers (only those that carry credentials, by
    /// name or marked `secret_header`, are hidden when shown, but any header's value may be
    /// one, so errors never quote them). The `…_command` and `…_file` forms name where a
    /// secret is, not the secret.
    public var mayBeSecret: Bool { self == .cookie || self == .header || self == .secretHeader || self == .authPassword }

    /// The keys that name one header, as `header=Name` does in `unset`.
    public var isHeader: Bool { self == .header || self == .secretHeader || self == .headerCommand || self == .headerFile }

    /// `interval, user_agent, …`: every key, for messages that list them.
    public static var list: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

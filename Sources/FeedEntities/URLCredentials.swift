/// The user and password an `http://user:password@host/…` URL carries in its userinfo.
///
/// A password in a feed's URL would be shown wherever the URL is (`tidings feeds`, exports, the
/// log, errors). Subscribing and importing take it out: the URL is stored without its userinfo
/// and the credentials become the feed's `auth_user` and `auth_password` settings, which are
/// sent to the feed's origin only and never shown.
public struct URLCredentials: Sendable, Hashable {
    /// The URL without its userinfo.
    public var url: String
    /// Percent-decoded.
    public var user: String
    /// Percent-decoded; `nil` for `http://user@host/`.
    public var password: String?

    /// The credentials of an absolute http or https URL with userinfo; `nil` for any other URL
    /// (none there, another scheme, an authority that does not read).
    public init?(splitting url: String) {
        let lowered = url.prefix(8).lowercased()
        let schemeEnd: String.Index
        if lowered.hasPrefix("https://") {
            schemeEnd = url.index(url.startIndex, offsetBy: 8)
        } else if lowered.hasPrefix("http://") {
            schemeEnd = url.index(url.startIndex, offsetBy: 7)
        } else {
            return nil
        }
        let rest = url[schemeEnd...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        // The host follows the last `@`; an unencoded `@` in a password is common enough.
        guard let at = authority.lastIndex(of: "@") else { return nil }
        let userinfo = authority[..<at]
        guard !userinfo.isEmpty, authority.index(after: at) < authority.endIndex else { return nil }
        let colon = userinfo.firstIndex(of: ":")
        guard let user = PercentEncoding.decoded(userinfo[..<(colon ?? userinfo.endIndex)]), !user.isEmpty else { return nil }
        let password = colon.map { userinfo[userinfo.index(after: $0)...] }
        self.user = user
        if let password {
            guard let decoded = PercentEncoding.decoded(password) else { return nil }
            self.password = decoded
        } else {
            self.password = nil
        }
        self.url = String(url[..<schemeEnd]) + String(rest[authority.index(after: at)...])
    }

    /// `url` with the password of its userinfo replaced by `(hidden)`, for what shows a URL
    /// stored before passwords were taken out; any other URL as it is.
    public static func redacted(_ url: String) -> String {
        guard let credentials = URLCredentials(splitting: url), credentials.password != nil else { return url }
        // `credentials.url` starts with the scheme, `://` and then the host.
        let schemeLength = credentials.url.prefix(8).lowercased().hasPrefix("https://") ? 8 : 7
        let hostStart = credentials.url.index(credentials.url.startIndex, offsetBy: schemeLength)
        return credentials.url[..<hostStart] + PercentEncoding.encoded(credentials.user) + ":(hidden)@" + credentials.url[hostStart...]
    }
}

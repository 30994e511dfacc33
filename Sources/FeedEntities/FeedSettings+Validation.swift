// The checks `FeedSettings.apply` makes of each value: what a key accepts and its bounds,
// which docs/cli.md ("tidings feed") repeats.
extension FeedSettings {
    /// The most UTF-8 bytes of one value.
    public static let maximumValueBytes = TextLimit.maximumBytes

    /// Every value: not empty, at most `maximumValueBytes`, no control character (a CR or LF in
    /// a header or cookie would add a header of its own to every request of the feed).
    static func checkText(_ key: FeedSettingKey, _ value: String) throws(FeedSettingsError) {
        guard !value.isEmpty else {
            throw FeedSettingsError.badValue(key, reason: "it is empty (`unset` clears a setting)")
        }
        guard value.utf8.count <= maximumValueBytes else {
            throw FeedSettingsError.badValue(key, reason: "it is over \(maximumValueBytes) bytes long")
        }
        guard !value.unicodeScalars.contains(where: isControl) else {
            throw FeedSettingsError.badValue(key, reason: "it contains a control character")
        }
    }

    /// C0 (tab and line breaks included), DEL and C1.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Seconds within `range`, written as the config writes durations: a number with a unit
    /// (`s`, `m`, `h`, `d`, `w`), or bare seconds. A duration outside the range says what it
    /// was read as and what the range is (`interval=5` is 5 seconds, not 5 minutes).
    static func duration(
        _ key: FeedSettingKey, _ value: String, in range: ClosedRange<Int>, expected: String
    ) throws(FeedSettingsError) -> Int {
        guard let seconds = Quantity.duration(value) else {
            throw FeedSettingsError.badValue(key, value, expected: expected + "; a number alone is seconds")
        }
        guard range.contains(seconds) else {
            let read = Quantity.durationText(seconds: seconds)
            let bounds = "from \(Quantity.durationText(seconds: range.lowerBound)) to \(Quantity.durationText(seconds: range.upperBound))"
            throw FeedSettingsError.badValue(
                key, value, expected: "that is \(read)\(Int(value.trimming(where: { $0 == " " })) != nil ? " (a number alone is seconds)" : ""); it must be \(bounds)")
        }
        return seconds
    }

    /// `max_size`: 1 KiB to 1 GiB, written as the config writes sizes.
    static func size(_ key: FeedSettingKey, _ value: String) throws(FeedSettingsError) -> Int {
        guard let bytes = Quantity.size(value), (1 << 10)...(1 << 30) ~= bytes else {
            throw FeedSettingsError.badValue(key, value, expected: "a size from 1KiB to 1GiB, such as 512KiB or 10MiB")
        }
        return bytes
    }

    /// `keep_per_feed`: a whole number of items, 0 (keep all) or more.
    static func count(_ key: FeedSettingKey, _ value: String) throws(FeedSettingsError) -> Int {
        guard let count = Int(value), (0...Int(Int32.max)) ~= count else {
            throw FeedSettingsError.badValue(key, value, expected: "a number of items, 0 to keep them all")
        }
        return count
    }

    /// `keep_days`: whole days, 0 (keep all) or more; a bare number counts days, as the config's
    /// `keep_days` does, and `12w` is 84.
    static func days(_ key: FeedSettingKey, _ value: String) throws(FeedSettingsError) -> Int {
        guard let seconds = Quantity.duration(value, bareUnit: 86400), seconds % 86400 == 0,
              (0...Int(Int32.max)) ~= seconds / 86400 else {
            throw FeedSettingsError.badValue(key, value, expected: "a number of days such as 90, 90d or 12w, 0 to keep them all")
        }
        return seconds / 86400
    }

    /// `auth_user`, `proxy_user`: any text without a colon, which would end the name in HTTP's
    /// `user:password`.
    static func userName(_ key: FeedSettingKey, _ value: String) throws(FeedSettingsError) -> String {
        guard !value.contains(":") else {
            throw FeedSettingsError.badValue(key, value, expected: "a user name without `:`")
        }
        return value
    }

    /// `…_password_command`: the words of a command line, split without a shell.
    static func command(_ key: FeedSettingKey, _ value: String) throws(FeedSettingsError) -> PasswordSource {
        let words: [String]
        do {
            // `~/` stays as written; the daemon makes it its home when it runs the command.
            words = try CommandWords(parsing: value).arguments(home: "~")
        } catch {
            throw FeedSettingsError.badValue(key, value, expected: "a command and its arguments: \(error.description)")
        }
        guard !words.isEmpty else {
            throw FeedSettingsError.badValue(key, reason: "it names no command")
        }
        return .command(words)
    }

    /// `…_password_file` (also `~/…`, resolved by the daemon when it reads it), `ca_file`.
    static func path(_ key: FeedSettingKey, _ value: String, allowingHome: Bool) throws(FeedSettingsError) -> String {
        guard value.hasPrefix("/") || (allowingHome && value.hasPrefix("~/")) else {
            throw FeedSettingsError.badValue(key, value, expected: allowingHome ? "an absolute path or ~/…" : "an absolute path")
        }
        return value
    }

    /// `proxy`: `scheme://host[:port][/]` with an http, https, socks5 or socks5h scheme, and no
    /// credentials (they would be shown wherever the proxy is).
    static func proxyURL(_ value: String) throws(FeedSettingsError) -> String {
        let expected = "a URL such as http://proxy.example:3128 or socks5h://127.0.0.1:1080"
        // Checked first, so that credentials in a malformed URL are not quoted either.
        guard !value.contains("@") else {
            throw FeedSettingsError.badValue(
                .proxy, reason: "a proxy URL may not hold credentials: use proxy_user and proxy_password_command")
        }
        guard let separator = value.firstIndex(of: ":"), value[separator...].hasPrefix("://") else {
            throw FeedSettingsError.badValue(.proxy, value, expected: expected)
        }
        let scheme = value[..<separator].lowercased()
        var authority = value[value.index(separator, offsetBy: 3)...]
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        guard ["http", "https", "socks5", "socks5h"].contains(scheme) else {
            throw FeedSettingsError.badValue(.proxy, value, expected: "a URL whose scheme is http, https, socks5 or socks5h")
        }
        guard !authority.isEmpty, !authority.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" || $0.isWhitespace }),
              validPort(of: authority) else {
            throw FeedSettingsError.badValue(.proxy, value, expected: expected)
        }
        return scheme + "://" + authority
    }

    /// Whether the port of `host[:port]` (or `[v6]:port`), if any, is 1 to 65535.
    private static func validPort(of authority: Substring) -> Bool {
        let afterHost = authority.hasPrefix("[") ? authority.firstIndex(of: "]").map { authority[$0...].dropFirst() } : authority
        guard let afterHost else { return false }
        guard let colon = afterHost.lastIndex(of: ":") else { return !authority.hasPrefix(":") }
        if !authority.hasPrefix("["), afterHost[..<colon].contains(":") { return false }
        guard let port = Int(afterHost[afterHost.index(after: colon)...]) else { return false }
        return (1...65535).contains(port) && colon != authority.startIndex
    }

    /// A header's name: an HTTP token (letters, digits and ``!#$%&'*+-.^_`|~``).
    static func headerName(_ name: String, key: FeedSettingKey = .header) throws(FeedSettingsError) -> String {
        guard name.isHTTPToken else {
            throw FeedSettingsError.badValue(
                key, reason: "expected `Name: value` with a name of letters, digits and !#$%&'*+-.^_`|~")
        }
        return name
    }
}

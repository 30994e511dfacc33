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
        guard let user = Self.decoded(userinfo[..<(colon ?? userinfo.endIndex)]), !user.isEmpty else { return nil }
        let password = colon.map { userinfo[userinfo.index(after: $0)...] }
        self.user = user
        if let password {
            guard let decoded = Self.decoded(password) else { return nil }
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
        return credentials.url[..<hostStart] + percentEncoded(credentials.user) + ":(hidden)@" + credentials.url[hostStart...]
    }

    /// `%XX` sequences decoded as UTF-8; `nil` for a malformed one or bytes that are not UTF-8.
    static func decoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let first = utf8.index(after: index)
                guard first < utf8.endIndex else { return nil }
                let second = utf8.index(after: first)
                guard second < utf8.endIndex, let high = hexValue(utf8[first]), let low = hexValue(utf8[second]) else { return nil }
                bytes.append(high << 4 | low)
                index = utf8.index(after: second)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Every byte but RFC 3986's unreserved characters as `%XX`.
    static func percentEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

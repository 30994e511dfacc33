import CCurl

/// A URL checked before any transfer starts: absolute, `http` or `https`, with a host.
///
/// libcurl refuses other schemes itself (CURLOPT_PROTOCOLS_STR), but checking first gives the
/// user the precise error (`unsupportedScheme("javascript")` rather than a libcurl message), and
/// the host is needed to queue transfers per host.
struct ValidatedURL: Sendable, Hashable {
    let string: String
    /// Lowercased.
    let scheme: String
    /// Lowercased, as libcurl parsed it (IPv6 literals keep their brackets).
    let host: String
    /// `scheme://host:port`, the port given or the scheme's default: what one connection (and
    /// so HTTP/2 multiplexing) is made to.
    let origin: String
    /// Whether the URL's userinfo holds a user or password.
    let hasCredentials: Bool
    /// The password in the URL's userinfo as written and decoded, if any: scrubbed from errors
    /// (`FetchError.redacting`).
    let secrets: [String]

    static let allowedSchemes: Set<String> = ["http", "https"]

    init(_ raw: String) throws(FetchError) {
        // Feed URLs are often pasted with surrounding blanks or a trailing newline.
        let string = String(raw.trimmingWhitespace())
        guard let scheme = Self.scheme(of: string) else { throw .invalidURL(raw) }
        guard Self.allowedSchemes.contains(scheme) else { throw .unsupportedScheme(scheme) }
        guard let parts = Self.parts(of: string), let host = parts.host, !host.isEmpty else { throw .invalidURL(raw) }
        self.string = string
        self.scheme = scheme
        self.host = host
        self.origin = "\(scheme)://\(host):\(parts.port ?? "")"
        self.hasCredentials = parts.hasCredentials
        self.secrets = parts.secrets
    }

    /// The URL without credentials in its userinfo, for logs (parsed again only for a URL
    /// that has some, and only when a log line asks).
    var redacted: String { hasCredentials ? Self.redacted(string) : string }

    /// `url` without credentials in its userinfo, for logs; a URL libcurl cannot parse is
    /// shown by its scheme only.
    static func redacted(_ url: String) -> String {
        guard let parts = parts(of: url) else { return "\(scheme(of: url) ?? "?"):(unparsable URL)" }
        return parts.hasCredentials ? parts.withoutCredentials ?? "(URL with credentials)" : url
    }

    /// The RFC 3986 scheme (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`), lowercased, or nil
    /// when the string does not start with one.
    static func scheme(of url: String) -> String? {
        guard let colon = url.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let candidate = url.utf8[..<colon]
        guard let first = candidate.first, first.isASCIILetter else { return nil }
        let valid = candidate.allSatisfy { byte in
            byte.isASCIILetter || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        return valid ? String(decoding: candidate, as: UTF8.self).lowercased() : nil
    }

    /// `location` (a redirect's `Location`, absolute or relative) resolved against `base` as
    /// libcurl resolves it when it follows a redirect; nil when libcurl rejects either.
    static func resolve(_ location: String, against base: String) -> String? {
        guard let handle = curl_url() else { return nil }
        defer { curl_url_cleanup(handle) }
        let flags = UInt32(CURLU_NON_SUPPORT_SCHEME | CURLU_URLENCODE | CURLU_ALLOW_SPACE)
        guard curl_url_set(handle, CURLUPART_URL, base, flags) == CURLUE_OK,
            curl_url_set(handle, CURLUPART_URL, location, flags) == CURLUE_OK
        else { return nil }
        var value: UnsafeMutablePointer<CChar>?
        guard curl_url_get(handle, CURLUPART_URL, &value, 0) == CURLUE_OK, let value else { return nil }
        defer { curl_free(value) }
        return String(cString: value)
    }

    /// `scheme://host:port` of an absolute URL (the port given or the scheme's default), as
    /// `origin` is made; nil when libcurl rejects the URL.
    static func origin(of url: String) -> String? {
        guard let scheme = scheme(of: url), let parts = parts(of: url), let host = parts.host else { return nil }
        return "\(scheme)://\(host):\(parts.port ?? "")"
    }

    /// The host of an absolute URL as libcurl's own parser sees it, or nil if libcurl rejects it.
    static func host(of url: String) -> String? {
        parts(of: url)?.host
    }

    /// What libcurl's own parser sees in an absolute URL of any scheme.
    struct Parts {
        /// Lowercased.
        var host: String?
        /// The port given, else the scheme's default (nil for a scheme libcurl does not know).
        var port: String?
        /// Whether a user or password is in the userinfo.
        var hasCredentials: Bool
        /// The password of the userinfo, as written and decoded.
        var secrets: [String]
        /// The URL with its userinfo taken out, when it had any.
        var withoutCredentials: String?
    }

    /// The parts of `url`, or nil if libcurl rejects it.
    static func parts(of url: String) -> Parts? {
        guard let handle = curl_url() else { return nil }
        defer { curl_url_cleanup(handle) }
        guard curl_url_set(handle, CURLUPART_URL, url, UInt32(CURLU_NON_SUPPORT_SCHEME)) == CURLUE_OK else { return nil }
        func get(_ part: CURLUPart, _ flags: Int32 = 0) -> String? {
            var value: UnsafeMutablePointer<CChar>?
            guard curl_url_get(handle, part, &value, UInt32(flags)) == CURLUE_OK, let value else { return nil }
            defer { curl_free(value) }
            return String(cString: value)
        }
        let secrets = [get(CURLUPART_PASSWORD), get(CURLUPART_PASSWORD, CURLU_URLDECODE)].compactMap { $0 }
        var parts = Parts(
            host: get(CURLUPART_HOST)?.lowercased(), port: get(CURLUPART_PORT, CURLU_DEFAULT_PORT),
            hasCredentials: get(CURLUPART_USER) != nil || !secrets.isEmpty, secrets: secrets.filter { !$0.isEmpty })
        if parts.hasCredentials {
            curl_url_set(handle, CURLUPART_USER, nil, 0)
            curl_url_set(handle, CURLUPART_PASSWORD, nil, 0)
            parts.withoutCredentials = get(CURLUPART_URL)
        }
        return parts
    }
}

extension UInt8 {
    fileprivate var isASCIILetter: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
    }
}

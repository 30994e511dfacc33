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

    static let allowedSchemes: Set<String> = ["http", "https"]

    init(_ raw: String) throws(FetchError) {
        // Feed URLs are often pasted with surrounding blanks or a trailing newline.
        let string = String(raw.trimmingWhitespace())
        guard let scheme = Self.scheme(of: string) else { throw .invalidURL(raw) }
        guard Self.allowedSchemes.contains(scheme) else { throw .unsupportedScheme(scheme) }
        guard let host = Self.host(of: string), !host.isEmpty else { throw .invalidURL(raw) }
        self.string = string
        self.scheme = scheme
        self.host = host
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

    /// The host of an absolute URL as libcurl's own parser sees it, or nil if libcurl rejects it.
    static func host(of url: String) -> String? {
        guard let handle = curl_url() else { return nil }
        defer { curl_url_cleanup(handle) }
        guard curl_url_set(handle, CURLUPART_URL, url, 0) == CURLUE_OK else { return nil }
        var host: UnsafeMutablePointer<CChar>?
        guard curl_url_get(handle, CURLUPART_HOST, &host, 0) == CURLUE_OK, let host else { return nil }
        defer { curl_free(host) }
        return String(cString: host).lowercased()
    }
}

extension UInt8 {
    fileprivate var isASCIILetter: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
    }
}

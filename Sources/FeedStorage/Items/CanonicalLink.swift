/// The form of an item's link that two feeds carrying the same article share: tracking
/// parameters removed (`utm_*`, `fbclid`, …), host in lower case, no user info, no fragment,
/// no default port, no trailing slash, and no scheme (`http` and `https` links to one article
/// are one article).
///
/// Used to recognise the same article arriving through two feeds (a blog and a planet that
/// aggregates it, a site's full feed and its tag feed), never to fetch or open anything: the
/// key only has to be equal for equal articles, so it is cut out of the link's bytes (RFC 3986
/// §3: scheme, authority, path, query, fragment) rather than through `URLComponents`, whose
/// validation and copies cost more than the rest of storing a new item did (bench/RESULTS.md).
/// Percent-encoding is kept as the feed wrote it, as `URLComponents`'
/// `percentEncodedPath` and `percentEncodedQueryItems` keep it.
public enum CanonicalLink {
    /// Query parameters that only tell the publisher where a click came from (besides `utm_*`).
    static let trackingParameters: Set<String> = [
        "fbclid", "gclid", "dclid", "gbraid", "wbraid", "msclkid", "yclid", "igshid", "mc_cid", "mc_eid",
        "_hsenc", "_hsmi", "mkt_tok", "oly_anon_id", "oly_enc_id", "vero_id", "wt_mc", "__s",
    ]

    /// The canonical form of `link`, or `nil` when it is not an absolute http(s) URL with a host.
    public static func key(for link: String?) -> String? {
        guard var link else { return nil }
        return link.withUTF8 { key(of: $0) }
    }

    private static func key(of whole: UnsafeBufferPointer<UInt8>) -> String? {
        var start = whole.startIndex, end = whole.endIndex
        while start < end, isSpace(whole[start]) { start += 1 }
        while end > start, isSpace(whole[end - 1]) { end -= 1 }
        let link = UnsafeBufferPointer(rebasing: whole[start..<end])

        // scheme "://"
        guard let colon = link.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let defaultPort: UInt
        switch lowercased(link[..<colon]) {
        case "http": defaultPort = 80
        case "https": defaultPort = 443
        default: return nil
        }
        var position = colon + 1
        guard link.count - position >= 2, link[position] == slash, link[position + 1] == slash else { return nil }
        position += 2

        // authority: [userinfo "@"] host [":" port]
        let authorityEnd = link[position...].firstIndex { $0 == slash || $0 == question || $0 == hash } ?? link.endIndex
        if let at = link[position..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) { position = at + 1 }
        var hostEnd = authorityEnd
        if link[position..<authorityEnd].first == UInt8(ascii: "[") {  // IPv6 literal: its colons are not a port
            guard let close = link[position..<authorityEnd].firstIndex(of: UInt8(ascii: "]")) else { return nil }
            hostEnd = close + 1
            guard hostEnd == authorityEnd || link[hostEnd] == UInt8(ascii: ":") else { return nil }
        } else if let portColon = link[position..<authorityEnd].lastIndex(of: UInt8(ascii: ":")) {
            hostEnd = portColon
        }
        guard hostEnd > position else { return nil }
        var key = lowercased(link[position..<hostEnd])
        if hostEnd < authorityEnd {  // ":" port, digits only; an empty port is the default
            var port: UInt = 0
            for digit in link[(hostEnd + 1)..<authorityEnd] {
                guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9"), port <= 65_535 else { return nil }
                port = port * 10 + UInt(digit - UInt8(ascii: "0"))
            }
            guard port <= 65_535 else { return nil }
            if hostEnd + 1 < authorityEnd, port != defaultPort { key += ":\(port)" }
        }

        // path, without trailing slashes
        let pathEnd = link[authorityEnd...].firstIndex { $0 == question || $0 == hash } ?? link.endIndex
        var trimmedPathEnd = pathEnd
        while trimmedPathEnd - authorityEnd > 1, link[trimmedPathEnd - 1] == slash { trimmedPathEnd -= 1 }
        key += trimmedPathEnd > authorityEnd ? text(link[authorityEnd..<trimmedPathEnd]) : "/"

        // query, without tracking parameters; the fragment is dropped
        guard pathEnd < link.endIndex, link[pathEnd] == question else { return key }
        let queryEnd = link[pathEnd...].firstIndex(of: hash) ?? link.endIndex
        var separator = "?"
        for pair in link[(pathEnd + 1)..<queryEnd].split(separator: UInt8(ascii: "&")) {
            let name = lowercased(pair[..<(pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex)])
            if name.hasPrefix("utm_") || trackingParameters.contains(name) { continue }
            key += separator + text(pair)
            separator = "&"
        }
        return key
    }

    /// Whether a guid is specific enough to identify an article across feeds: a URI (`tag:`,
    /// `urn:`, a URL) of some length. Many feeds number their items `1`, `2`, … or use dates,
    /// which two unrelated feeds share.
    public static func isGlobalGUID(_ guid: String?) -> Bool {
        guard let guid, guid.utf8.count >= 12 else { return false }
        return guid.utf8.contains(UInt8(ascii: ":"))
    }

    private static let slash = UInt8(ascii: "/"), question = UInt8(ascii: "?"), hash = UInt8(ascii: "#")

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    private static func text(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
    }

    /// ASCII lower case; other bytes (a UTF-8 host, percent escapes) as they are.
    private static func lowercased(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (offset, byte) in bytes.enumerated() {
                buffer[offset] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
            }
            return bytes.count
        }
    }
}

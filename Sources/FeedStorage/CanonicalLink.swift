import Foundation

/// The form of an item's link that two feeds carrying the same article share: tracking
/// parameters removed (`utm_*`, `fbclid`, …), host in lower case, no fragment, no default port,
/// no trailing slash, and no scheme (`http` and `https` links to one article are one article).
///
/// Used to recognise the same article arriving through two feeds (a blog and a planet that
/// aggregates it, a site's full feed and its tag feed), never to fetch or open anything.
public enum CanonicalLink {
    /// Query parameters that only tell the publisher where a click came from.
    static let trackingParameters: Set<String> = [
        "fbclid", "gclid", "dclid", "gbraid", "wbraid", "msclkid", "yclid", "igshid", "mc_cid", "mc_eid",
        "_hsenc", "_hsmi", "mkt_tok", "oly_anon_id", "oly_enc_id", "vero_id", "wt_mc", "__s",
    ]

    /// The canonical form of `link`, or `nil` when it is not an http(s) URL.
    public static func key(for link: String?) -> String? {
        guard let link, var components = URLComponents(string: link.trimmingCharacters(in: .whitespaces)),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host?.lowercased(), !host.isEmpty
        else { return nil }
        components.fragment = nil
        var key = host
        if let port = components.port, !(port == 80 && scheme == "http") && !(port == 443 && scheme == "https") {
            key += ":\(port)"
        }
        var path = components.percentEncodedPath
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        key += path.isEmpty ? "/" : path
        let kept = (components.percentEncodedQueryItems ?? []).filter { item in
            let name = item.name.lowercased()
            return !name.hasPrefix("utm_") && !trackingParameters.contains(name)
        }
        if !kept.isEmpty {
            let pairs: [String] = kept.map { item in
                guard let value = item.value else { return item.name }
                return item.name + "=" + value
            }
            key += "?" + pairs.joined(separator: "&")
        }
        return key
    }

    /// Whether a guid is specific enough to identify an article across feeds: a URI (`tag:`,
    /// `urn:`, a URL) of some length. Many feeds number their items `1`, `2`, … or use dates,
    /// which two unrelated feeds share.
    public static func isGlobalGUID(_ guid: String?) -> Bool {
        guard let guid, guid.count >= 12 else { return false }
        return guid.contains(":")
    }
}

import FeedEntities
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds the feeds a web page links to, so that subscribing to a site's home page works.
///
/// Looks at `<link rel="alternate" type="…" href="…">` elements: `rel` may hold other tokens
/// as well and is compared without case, the type must be one of `feedTypes` (parameters such
/// as `; charset=utf-8` ignored); WordPress's REST API links, typed `application/json` on
/// every WordPress post, are not feeds and are left out. Links are read wherever the page has them, not only in
/// `<head>`: libxml2, like browsers, moves a `<link>` that follows stray text into the body.
/// Relative hrefs are resolved against the page's `<base href>` and its URL; `feed:` URLs are
/// turned into the `http(s)` ones they stand for. Only `http` and `https` results are kept,
/// each once, in the page's order.
public enum FeedAutodiscovery {
    /// The media types of the feeds Tidings reads.
    public static let feedTypes: Set<String> = [
        "application/rss+xml", "application/atom+xml", "application/feed+json", "application/json",
    ]

    /// Only this many bytes of a page are read: the `<head>` is always near the start.
    public static let maximumPageSize = 4 << 20

    /// The feeds `data`, an HTML page fetched from `baseURL`, announces.
    ///
    /// - Parameter charset: the charset of the HTTP `Content-Type`, when there was one; without
    ///   it the page's BOM or `<meta charset>` decides, and UTF-8 otherwise.
    public static func candidates(inHTML data: Data, baseURL: String, charset: String? = nil) -> [FeedCandidate] {
        var page = data.prefix(maximumPageSize)
        var encoding = charset?.trimmingASCIIWhitespace()
        if let utf8 = utf8FromUTF16(page, charset: encoding) {
            // The tag scanner and libxml2's <meta> sniffing both need ASCII-compatible bytes.
            page = utf8
            encoding = "UTF-8"
        }
        return page.withUnsafeBytes { bytes in
            HTMLDocument.withRoot(of: bytes, encoding: encoding) { root, _ in
                guard let root else { return [] }
                return candidates(in: root, baseURL: baseURL)
            }
        }
    }

    /// A UTF-16 page (by its BOM, or by the HTTP charset) re-encoded as UTF-8; `nil` otherwise.
    private static func utf8FromUTF16(_ page: Data, charset: String?) -> Data? {
        let label = charset?.lowercased()
        let bytes = [UInt8](page.prefix(2))
        let bigEndian: Bool
        var start = 0
        if bytes == [0xFE, 0xFF] {
            bigEndian = true
            start = 2
        } else if bytes == [0xFF, 0xFE] {
            bigEndian = false
            start = 2
        } else if label == "utf-16le" {
            bigEndian = false
        } else if label == "utf-16" || label == "utf-16be" {
            bigEndian = true
        } else {
            return nil
        }
        let units = stride(from: page.startIndex + start, to: page.endIndex - 1, by: 2).map { offset in
            let first = UInt16(page[offset])
            let second = UInt16(page[offset + 1])
            return bigEndian ? first << 8 | second : second << 8 | first
        }
        return Data(String(decoding: units, as: UTF16.self).utf8)
    }

    private static func candidates(in root: HTMLNode, baseURL: String) -> [FeedCandidate] {
        var links: [HTMLNode] = []
        var base = URL(string: baseURL.trimmingASCIIWhitespace())
        var sawBase = false
        root.forEachElement { element in
            if element.isElement("link") {
                links.append(element)
            } else if !sawBase, element.isElement("base"), let href = element.attribute("href") {
                // Only the first <base href> counts, as in browsers.
                sawBase = true
                if let resolved = LinkReferences.resolve(href, against: base, schemes: ["http", "https"]) {
                    base = URL(string: resolved)
                }
            }
        }

        var seen: Set<String> = []
        var found: [FeedCandidate] = []
        for link in links {
            guard let rel = link.attribute("rel"), isAlternate(rel),
                let type = link.attribute("type").map(mediaType), feedTypes.contains(type),
                let href = link.attribute("href"),
                let url = LinkReferences.resolve(unwrappingFeedScheme(href), against: base, schemes: ["http", "https"]),
                !(type == "application/json" && isWordPressAPI(url)), seen.insert(url).inserted
            else { continue }
            let title = link.attribute("title").map { TextSanitizer.clean($0, layout: .singleLine) }
            found.append(FeedCandidate(url: url, title: title?.isEmpty == false ? title : nil, type: type))
        }
        return found
    }

    /// Whether a `rel` value has the token `alternate`.
    private static func isAlternate(_ rel: String) -> Bool {
        rel.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
            .contains { $0.lowercased() == "alternate" }
    }

    /// Whether `url` is WordPress's REST API, which every WordPress post announces as an
    /// `application/json` alternate although it is no feed.
    private static func isWordPressAPI(_ url: String) -> Bool {
        url.contains("/wp-json/") || url.contains("rest_route=")
    }

    /// `application/RSS+XML; charset=UTF-8` → `application/rss+xml`.
    private static func mediaType(_ type: String) -> String {
        let essence = type.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return String(essence).trimmingASCIIWhitespace().lowercased()
    }

    /// `feed://host/path` → `http://host/path`, `feed:https://host/path` → `https://host/path`.
    private static func unwrappingFeedScheme(_ href: String) -> String {
        let trimmed = href.trimmingASCIIWhitespace()
        guard trimmed.count > 5, trimmed.prefix(5).lowercased() == "feed:" else { return href }
        let rest = trimmed.dropFirst(5)
        return rest.hasPrefix("//") ? "http:" + rest : String(rest)
    }
}

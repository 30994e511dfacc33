#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The numbered links of a rendered text: `[1]`, `[2]`, … in the order they appear, the same
/// number again for a link that comes back.
///
/// Only links a reader can follow from a terminal get a number: `http`, `https` and `mailto`.
/// Relative links are resolved against the document's URL first; `javascript:`, `data:`,
/// `file:` and relative links with nothing to resolve against are shown as their text alone.
struct LinkReferences {
    /// More links than this (or longer ones) are shown without a number.
    static let maximumCount = 10_000
    static let maximumLength = 8 << 10

    private(set) var urls: [String] = []
    private var numbers: [String: Int] = [:]
    let base: URL?

    init(baseURL: String?) {
        base = baseURL.flatMap { URL(string: $0.trimmingASCIIWhitespace()) }.flatMap { $0.scheme == nil ? nil : $0 }
    }

    /// The number of `url` (made by `resolve`), assigning the next one if it is new; `nil`
    /// when the list is full.
    mutating func number(for url: String) -> Int? {
        if let number = numbers[url] { return number }
        guard urls.count < Self.maximumCount else { return nil }
        urls.append(url)
        numbers[url] = urls.count
        return urls.count
    }

    /// The absolute URL `href` leads to, or `nil` when it is not one a reader can follow.
    func resolve(_ href: String) -> String? {
        Self.resolve(href, against: base, schemes: ["http", "https", "mailto"])
    }

    /// The absolute URL of an image's `src`, or `nil` unless it is `http` or `https` (no
    /// `data:` images, no `mailto`).
    func resolveMedia(_ src: String) -> String? {
        Self.resolve(src, against: base, schemes: ["http", "https"])
    }

    /// `href` made absolute against `base` when one of `schemes` results, else `nil`. Leading
    /// and trailing whitespace and any tab or line break inside are removed first, as browsers
    /// do; other characters URLs may not contain are percent-encoded.
    static func resolve(_ href: String, against base: URL?, schemes: Set<String>) -> String? {
        let isBreak = { (byte: UInt8) in byte == 0x09 || byte == 0x0A || byte == 0x0D }
        let joined = href.utf8.contains(where: isBreak) ? String(decoding: href.utf8.filter { !isBreak($0) }, as: UTF8.self) : href
        let cleaned = TextSanitizer.clean(joined, layout: .singleLine)
        guard !cleaned.isEmpty, cleaned.utf8.count <= maximumLength else { return nil }
        let url: URL?
        if LinkResolver.hasScheme(cleaned) {
            url = URL(string: cleaned)
        } else if let base {
            url = URL(string: cleaned, relativeTo: base)?.absoluteURL
        } else {
            url = nil
        }
        guard let url, let scheme = url.scheme?.lowercased(), schemes.contains(scheme) else { return nil }
        if scheme == "mailto" {
            return cleaned.utf8.count > "mailto:".utf8.count ? url.absoluteString : nil
        }
        guard let host = url.host, !host.isEmpty else { return nil }
        return url.absoluteString
    }
}

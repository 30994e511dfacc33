import FeedEntities

/// What opening an item in the browser opens: its link, or with `enclosure` the URL of its
/// first enclosure (a podcast episode), and only if `LinkPolicy` allows it. One decision for
/// `tidings open` and the reader.
public enum OpenTarget {
    /// The link or enclosure URL to open, without surrounding white space.
    /// - Throws: `OpenTargetError` when the item has none or it may not be opened.
    public static func of(_ item: Item, enclosure: Bool) throws(OpenTargetError) -> String {
        let target = enclosure
            ? item.enclosures.lazy.compactMap { trimmed($0.url) }.first
            : item.link.flatMap(trimmed)
        guard let target else {
            throw enclosure ? .noEnclosure(item: item.id) : .noLink(item: item.id)
        }
        if let reason = LinkPolicy.refusal(for: target) {
            throw .refused(link: target, reason: reason)
        }
        return target
    }

    /// Any other link (one of an article's references), without surrounding white space.
    /// - Throws: `OpenTargetError.refused` when it is not an http(s) link.
    public static func openable(_ link: String) throws(OpenTargetError) -> String {
        let trimmed = link.trimmingWhitespace
        if let reason = LinkPolicy.refusal(for: trimmed) { throw .refused(link: trimmed, reason: reason) }
        return trimmed
    }

    private static func trimmed(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// Why an item cannot be opened in the browser.
public enum OpenTargetError: Error, Equatable, Sendable {
    case noLink(item: Int64)
    case noEnclosure(item: Int64)
    /// The link is not one a browser may be given (only http and https are).
    case refused(link: String, reason: String)
}

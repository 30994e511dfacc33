#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The article of an item's page as the daemon fetched and extracted it (`full_text`, `tidings
/// show N --full`): a local addition to the item, beside the feed's own text, never sent to a
/// sync service.
public struct ItemArticle: Sendable, Codable, Hashable {
    /// What the last fetch of the page gave.
    public enum Status: String, Sendable, Codable, Hashable {
        /// The page's article was found: `html` holds it.
        case extracted
        /// The page was read, but no article was found in it (too little text, not HTML): the
        /// feed's text is all there is. `error` says why.
        case noArticle
        /// The page could not be fetched (`error`); tried again after `retryAt`.
        case failed
    }

    public var status: Status
    /// The page's URL after redirects (or the item's link when the fetch failed).
    public var url: String
    /// The article's own title, byline and site name, when the page names them.
    public var title: String?
    public var byline: String?
    public var siteName: String?
    /// The article as clean HTML (paragraphs, headings, lists, quotes, code, tables, figures);
    /// `nil` unless `extracted`. Links and image sources are absolute.
    public var html: String?
    /// The absolute URLs of the article's images, in their order.
    public var images: [String]
    /// When the page was last fetched (or tried).
    public var fetchedAt: Date
    /// When the stored article was extracted: the last fetch that brought a page (a 304 keeps it).
    public var extractedAt: Date?
    /// Why the page gave no article, or why the last fetch failed.
    public var error: String?
    /// For `failed`: when the daemon tries again on its own (refreshes of a `full_text` feed).
    public var retryAt: Date?
    /// Whether the article was cut at the extractor's output limit.
    public var truncated: Bool

    public init(
        status: Status, url: String, title: String? = nil, byline: String? = nil, siteName: String? = nil,
        html: String? = nil, images: [String] = [], fetchedAt: Date, extractedAt: Date? = nil, error: String? = nil,
        retryAt: Date? = nil, truncated: Bool = false
    ) {
        self.status = status
        self.url = url
        self.title = title
        self.byline = byline
        self.siteName = siteName
        self.html = html
        self.images = images
        self.fetchedAt = fetchedAt
        self.extractedAt = extractedAt
        self.error = error
        self.retryAt = retryAt
        self.truncated = truncated
    }

    /// Whether there is an article to show instead of the feed's text.
    public var hasText: Bool { status == .extracted && html != nil }
}

/// Which of an item's texts is shown: the feed's own, or the article extracted from its page.
public enum ItemText: String, Sendable, Codable, Hashable, CaseIterable {
    case feed
    case article
}

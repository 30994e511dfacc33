#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A stored feed item.
public struct Item: Sendable, Codable, Hashable, Identifiable {
    /// The item's number: stable for the item's lifetime; what `tidings open N` accepts.
    public var id: Int64
    /// Number of the feed the item belongs to.
    public var feedID: Int64
    /// Title of that feed, denormalised for listings.
    public var feedTitle: String
    /// The guid/id as the feed wrote it, if any.
    public var guid: String?
    public var title: String?
    /// The item's alternate link, absolute when the feed allowed resolving it.
    public var link: String?
    public var author: String?
    public var published: Date?
    public var updated: Date?
    /// The item's own summary/description (HTML kept as HTML).
    public var summary: String?
    /// The item's full content (HTML kept as HTML).
    public var content: String?
    public var categories: [String]
    public var enclosures: [Enclosure]
    /// When the daemon first stored the item; orders items without dates.
    public var firstSeen: Date
    public var isRead: Bool

    public init(
        id: Int64, feedID: Int64, feedTitle: String, guid: String? = nil, title: String? = nil,
        link: String? = nil, author: String? = nil, published: Date? = nil, updated: Date? = nil,
        summary: String? = nil, content: String? = nil, categories: [String] = [],
        enclosures: [Enclosure] = [], firstSeen: Date, isRead: Bool = false
    ) {
        self.id = id
        self.feedID = feedID
        self.feedTitle = feedTitle
        self.guid = guid
        self.title = title
        self.link = link
        self.author = author
        self.published = published
        self.updated = updated
        self.summary = summary
        self.content = content
        self.categories = categories
        self.enclosures = enclosures
        self.firstSeen = firstSeen
        self.isRead = isRead
    }

    /// The date listings sort and show: published, else updated, else first seen.
    public var displayDate: Date { published ?? updated ?? firstSeen }
}

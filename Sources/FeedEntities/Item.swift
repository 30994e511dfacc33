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
    /// Starred items are kept for later (`tidings star`, `tidings list --starred`).
    public var isStarred: Bool
    /// The other feeds that carry the same article (same link without tracking parameters, or
    /// same guid), when a listing shows it once for all of them (protocol 1.4); `nil` when
    /// none (and then absent on the wire).
    public var alsoIn: [String]?
    /// The tags rules gave this item itself (`action: tag: NAME`), sorted; `nil` when none (and
    /// then absent on the wire). Its feed's tags are the feed's (protocol 1.4).
    public var tags: [String]?
    /// For an item without a title, the first words of its text (content, else summary), which
    /// listings show in place of the title (protocol 1.6; `Item.excerpt(ofText:)`); `nil` for
    /// an item with a title or without text (and then absent on the wire). Derived when the
    /// item is read, never stored.
    public var excerpt: String?

    public init(
        id: Int64, feedID: Int64, feedTitle: String, guid: String? = nil, title: String? = nil,
        link: String? = nil, author: String? = nil, published: Date? = nil, updated: Date? = nil,
        summary: String? = nil, content: String? = nil, categories: [String] = [],
        enclosures: [Enclosure] = [], firstSeen: Date, isRead: Bool = false, isStarred: Bool = false
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
        self.isStarred = isStarred
    }

    /// The date listings sort, filter (`--since`) and show: the feed's date (published, else
    /// updated) when it can be trusted, else when the item was first seen. A date later than
    /// the first sight (beyond `futureDateSkew`: a clock or a time zone off by a little) would
    /// top every listing until it comes; one before `earliestTrustedDate` (no feed existed, and
    /// epoch 0 is what a missing date often becomes) would hide a new item from `--since`.
    /// The store sorts on the same rule (`SQLiteFeedStore.sortDate`).
    public var displayDate: Date {
        guard let dated = feedDate, Self.isTrusted(dated, firstSeen: firstSeen) else { return firstSeen }
        return dated
    }

    /// The date the feed gives the item: published, else updated.
    public var feedDate: Date? { published ?? updated }

    /// Whether a feed's `date` for an item first seen at `firstSeen` is believed.
    public static func isTrusted(_ date: Date, firstSeen: Date) -> Bool {
        date.timeIntervalSince1970 >= earliestTrustedDate && date.timeIntervalSince(firstSeen) <= futureDateSkew
    }

    /// 1995-01-01T00:00:00Z, in seconds since 1970: before any feed.
    public static let earliestTrustedDate: Double = 788_918_400
    /// How far past its first sight an item's date may be, in seconds: clocks that differ by a
    /// few minutes.
    public static let futureDateSkew: Double = 600

    /// Whether the item has no title to show (none, or only whitespace).
    public var isUntitled: Bool { title?.allSatisfy(\.isWhitespace) ?? true }

    /// The first words of an untitled item's text, to name it by; `nil` for a titled item.
    public var untitledExcerpt: String? { isUntitled ? excerpt : nil }

    /// Characters of text an excerpt keeps at most, `…` included.
    public static let excerptCharacters = 80

    /// The first words of `text` (plain text, as `excerpt` holds them): whitespace collapsed,
    /// cut after at most `excerptCharacters` characters at a space when one falls in the second
    /// half (else inside a word: CJK text has no spaces), with `…` when something was cut;
    /// `nil` when `text` has no visible character.
    public static func excerpt(ofText text: String) -> String? {
        let words = text.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return nil }
        let collapsed = words.joined(separator: " ")
        guard collapsed.count > excerptCharacters else { return collapsed }
        var kept = String(collapsed.prefix(excerptCharacters - 1))
        let next = collapsed[collapsed.index(collapsed.startIndex, offsetBy: excerptCharacters - 1)]
        if next != " ", let space = kept.lastIndex(of: " "), kept.distance(from: kept.startIndex, to: space) >= excerptCharacters / 2 {
            kept = String(kept[..<space])
        }
        while kept.last == " " { kept.removeLast() }
        return kept + "…"
    }
}

extension Item {
    private enum CodingKeys: String, CodingKey {
        case id, feedID, feedTitle, guid, title, link, author, published, updated, summary, content
        case categories, enclosures, firstSeen, isRead, isStarred, alsoIn, tags, excerpt
    }

    /// Decodes an item; `isStarred`, added in protocol 1.2, defaults to `false`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(decodingFrom: container)
        alsoIn = try container.decodeIfPresent([String].self, forKey: .alsoIn)
        tags = try container.decodeIfPresent([String].self, forKey: .tags)
        excerpt = try container.decodeIfPresent(String.self, forKey: .excerpt)
    }

    private init(decodingFrom container: KeyedDecodingContainer<CodingKeys>) throws {
        self.init(
            id: try container.decode(Int64.self, forKey: .id),
            feedID: try container.decode(Int64.self, forKey: .feedID),
            feedTitle: try container.decode(String.self, forKey: .feedTitle),
            guid: try container.decodeIfPresent(String.self, forKey: .guid),
            title: try container.decodeIfPresent(String.self, forKey: .title),
            link: try container.decodeIfPresent(String.self, forKey: .link),
            author: try container.decodeIfPresent(String.self, forKey: .author),
            published: try container.decodeIfPresent(Date.self, forKey: .published),
            updated: try container.decodeIfPresent(Date.self, forKey: .updated),
            summary: try container.decodeIfPresent(String.self, forKey: .summary),
            content: try container.decodeIfPresent(String.self, forKey: .content),
            categories: try container.decodeIfPresent([String].self, forKey: .categories) ?? [],
            enclosures: try container.decodeIfPresent([Enclosure].self, forKey: .enclosures) ?? [],
            firstSeen: try container.decode(Date.self, forKey: .firstSeen),
            isRead: try container.decode(Bool.self, forKey: .isRead),
            isStarred: try container.decodeIfPresent(Bool.self, forKey: .isStarred) ?? false)
    }
}

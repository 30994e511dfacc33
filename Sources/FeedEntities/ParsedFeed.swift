#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A feed document as the parser read it, before it is stored.
///
/// The fields follow the `tidingsd parse` JSON contract (docs/parse-contract.md): text is decoded,
/// control characters are already removed, HTML content is kept as an HTML string, links are
/// resolved against the document URL.
public struct ParsedFeed: Sendable, Codable, Hashable {
    public enum Format: String, Sendable, Codable, Hashable {
        case rss20 = "rss2.0"
        case rss10 = "rss1.0"
        case rss09 = "rss0.9"
        case atom10 = "atom1.0"
        case atom03 = "atom0.3"
        case jsonFeed = "jsonfeed"
        case unknown
    }

    public var format: Format
    public var title: String?
    public var link: String?
    public var subtitle: String?
    public var language: String?
    public var updated: Date?
    public var author: String?
    public var image: String?
    /// `false` when the input was not well-formed, even if items were recovered.
    public var wellFormed: Bool
    /// `true` when the document ended before its root element closed: a download cut short
    /// (a body or compression stream that stopped early). The parser recovers what it can, the
    /// item the cut fell in too (`tidingsd parse` shows it); the daemon stores `storable`'s
    /// items and counts the fetch as failed. Never set for JSON Feeds, which do not parse at all
    /// when cut. Not part of the `tidingsd parse` contract (`wellFormed` is `false` there).
    public var truncated: Bool
    /// Whether the cut of a `truncated` document fell inside its last item (or entry), which
    /// then ends wherever the cut did; `false` when the cut came after the last item's end tag,
    /// so every item is whole. Not part of the `tidingsd parse` contract.
    public var lastItemCut: Bool = false
    public var items: [ParsedItem]
    /// How often the feed says it changes, in seconds (RSS `<ttl>`, `sy:updatePeriod` and
    /// `sy:updateFrequency`): a hint for scheduling, not part of the `tidingsd parse` contract.
    public var updateInterval: Double?
    /// Whether `title` is text or HTML (Atom `type`), for the daemon to store it as text: not
    /// part of the `tidingsd parse` contract, where HTML-typed text stays HTML.
    public var titleType: TitleType

    public init(
        format: Format, title: String? = nil, link: String? = nil, subtitle: String? = nil,
        language: String? = nil, updated: Date? = nil, author: String? = nil, image: String? = nil,
        wellFormed: Bool = true, truncated: Bool = false, items: [ParsedItem] = [], updateInterval: Double? = nil,
        titleType: TitleType = .unknown
    ) {
        self.format = format
        self.title = title
        self.link = link
        self.subtitle = subtitle
        self.language = language
        self.updated = updated
        self.author = author
        self.image = image
        self.wellFormed = wellFormed
        self.truncated = truncated
        self.items = items
        self.updateInterval = updateInterval
        self.titleType = titleType
    }

    /// The title as people see it: text, whatever the document's markup (see `TitleType`);
    /// `nil` when no text is left (a title of nothing but tags).
    /// - Parameter htmlToText: the text of an HTML fragment (the daemon's HTML reader).
    public func titleText(htmlToText: (String) -> String) -> String? {
        title.map { titleType.displayText(of: $0, htmlToText: htmlToText) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// One entry of a `ParsedFeed`.
public struct ParsedItem: Sendable, Codable, Hashable {
    /// The guid/id exactly as written; `nil` when the feed gives none.
    public var id: String?
    public var title: String?
    public var link: String?
    public var author: String?
    public var published: Date?
    public var updated: Date?
    public var summary: String?
    public var content: String?
    public var categories: [String]
    public var enclosures: [Enclosure]
    /// Whether `title` is text or HTML (Atom `type`), for the daemon to store it as text: not
    /// part of the `tidingsd parse` contract, where HTML-typed text stays HTML.
    public var titleType: TitleType
    /// Whether `id` is an RSS 1.0 item's `rdf:about` rather than a guid the feed gave: not part
    /// of the `tidingsd parse` contract (which shows it as the id), and not used for
    /// `storeKey`, so that items stored before such ids were read keep their keys.
    public var idIsResourceURI: Bool?
    /// Whether `summary` is plain text rather than HTML (an Atom text construct of type text, a
    /// JSON Feed `summary`, a Media RSS `media:description`): not part of the `tidingsd parse`
    /// contract, where it is the text as written. The store keeps summaries as HTML
    /// (`summaryHTML`), so that the text's line breaks survive rendering and a `<` in it is not
    /// read as markup.
    public var summaryIsText: Bool?
    /// Whether `content` is plain text rather than HTML (an Atom text construct of type text, a
    /// JSON Feed `content_text`): like `summaryIsText`, not part of the `tidingsd parse`
    /// contract; the store keeps it as `contentHTML`.
    public var contentIsText: Bool?

    public init(
        id: String? = nil, title: String? = nil, link: String? = nil, author: String? = nil,
        published: Date? = nil, updated: Date? = nil, summary: String? = nil, content: String? = nil,
        categories: [String] = [], enclosures: [Enclosure] = [], titleType: TitleType = .unknown
    ) {
        self.id = id
        self.title = title
        self.link = link
        self.author = author
        self.published = published
        self.updated = updated
        self.summary = summary
        self.content = content
        self.categories = categories
        self.enclosures = enclosures
        self.titleType = titleType
    }

    /// The title as people see it: text, whatever the document's markup (see `TitleType`);
    /// `nil` when no text is left (a title of nothing but tags).
    /// - Parameter htmlToText: the text of an HTML fragment (the daemon's HTML reader).
    public func titleText(htmlToText: (String) -> String) -> String? {
        title.map { titleType.displayText(of: $0, htmlToText: htmlToText) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The summary as HTML, as the store keeps it: as it is, or for a plain-text summary
    /// (`summaryIsText`) as `html(ofText:)` writes it, unless it `looksLikeHTML`.
    public var summaryHTML: String? {
        guard summaryIsText == true, let summary, !Self.looksLikeHTML(summary) else { return summary }
        return Self.html(ofText: summary)
    }

    /// The content as HTML, as the store keeps it: as it is, or for a plain-text content
    /// (`contentIsText`) as `html(ofText:)` writes it, unless it `looksLikeHTML`.
    public var contentHTML: String? {
        guard contentIsText == true, let content, !Self.looksLikeHTML(content) else { return content }
        return Self.html(ofText: content)
    }

    /// Plain text as HTML that reads the same: `&`, `<` and `>` escaped and each line break
    /// (`\n`, `\r\n` or `\r`) as `<br>` followed by a newline, so that the renderer keeps the
    /// lines and the stored HTML stays readable line by line.
    public static func html(ofText text: String) -> String {
        var html = ""
        html.reserveCapacity(text.utf8.count + text.utf8.count / 8)
        for character in text {
            switch character {
            case "&": html += "&amp;"
            case "<": html += "&lt;"
            case ">": html += "&gt;"
            case "\n", "\r\n", "\r": html += "<br>\n"
            default: html.append(character)
            }
        }
        return html
    }

    /// The key the store deduplicates on: the guid/id (not an `rdf:about`), else the link, else a hash of
    /// title + date + first enclosure. The same item parsed twice yields the same key. A key
    /// longer than `TextLimit.maximumBytes` is replaced by a hash of it.
    public var storeKey: String {
        if let id, !id.isEmpty, idIsResourceURI != true { return Self.bounded("id:" + id) }
        if let link, !link.isEmpty { return Self.bounded("link:" + link) }
        var hasher = FNV1a64()
        hasher.combine(title ?? "")
        hasher.combine("\u{0}")
        hasher.combine((published ?? updated).map { String(Int64($0.timeIntervalSince1970)) } ?? "")
        hasher.combine("\u{0}")
        hasher.combine(enclosures.first?.url ?? "")
        return "hash:" + String(hasher.value, radix: 16)
    }

    /// `key` itself when it fits `TextLimit`, else `long:` with its length and hash: a guid or
    /// link too long to store still names its item (a feed can make two of its own items
    /// collide either way, by giving them one guid).
    private static func bounded(_ key: String) -> String {
        guard !TextLimit.fits(key) else { return key }
        var hasher = FNV1a64()
        hasher.combine(key)
        return "long:\(key.utf8.count):" + String(hasher.value, radix: 16)
    }
}

/// FNV-1a, 64 bit: a stable hash (Swift's `Hasher` is seeded per process, so it cannot be stored).
struct FNV1a64 {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine(_ string: String) {
        for byte in string.utf8 {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
    }
}

extension ParsedFeed {
    /// The document as the daemon stores it: a `truncated` one without its last item when the
    /// cut fell inside it (`lastItemCut`): its fields stop wherever the cut did, and its guid
    /// may not have come, so it would be stored under another key. It comes back with the next
    /// fetch, which is a full one. A cut after the last item's end tag keeps every item.
    public var storable: ParsedFeed {
        guard truncated, lastItemCut, !items.isEmpty else { return self }
        var whole = self
        whole.items.removeLast()
        return whole
    }
}

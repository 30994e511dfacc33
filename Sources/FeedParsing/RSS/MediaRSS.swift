#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Media RSS (`xmlns:media="http://search.yahoo.com/mrss/"`), as podcasts, video sites and news
/// feeds use it inside RSS items and Atom entries (YouTube's channel feeds are Atom entries whose
/// only description is `media:group/media:description`).
///
/// What the entities can carry of it:
/// - `media:content` with a `url` is an enclosure (`type`, `fileSize` as its length, `duration`
///   in seconds as its playing time), unless it is
///   an image (`medium="image"` or an `image/*` type): that is the item's picture, not attached
///   media, and a podcast client must not download it as an episode (gofeed and feedparser agree);
/// - `media:title` and `media:description` stand in for a missing title and summary; the
///   description is plain text unless `type="html"`, and the item says so
///   (`ParsedItem.summaryIsText`), so that its line breaks are kept;
/// - `media:category` is one of the item's categories;
/// - `media:group` holds alternatives of the same media: its children are read as the item's own;
/// - at channel level, an image `media:content` or a `media:thumbnail` is the feed image when
///   nothing else gives one.
/// Thumbnails of items, players, credits, ratings and the like have no field and are ignored.
enum MediaRSS {
    /// What an element of the namespace means directly inside an item or entry, or inside a
    /// `media:group` there.
    enum ItemElement {
        /// `media:group`: its children are reported like the item's own.
        case group
        case enclosure(Enclosure)
        /// `media:title`, to capture as a line: the title when the item has none.
        case title
        /// `media:description`, to capture as a block: the summary when the item has none;
        /// plain text unless its `type` is `html`.
        case description(isText: Bool)
        /// `media:category`, to capture as a line: one of the item's categories.
        case category
        case ignored
    }

    static func itemElement(_ element: ElementName, attributes: AttributeList, base: IRI?) -> ItemElement {
        guard element.namespace == .mediaRSS else { return .ignored }
        switch element.local {
        case .group:
            return .group
        case .content:
            guard let url = attributes["url"], !isImage(attributes) else { return .ignored }
            return .enclosure(
                Enclosure(
                    url: LinkResolver.resolve(url, against: base), type: attributes["type"],
                    length: Enclosure.length(from: attributes["fileSize"]),
                    duration: Enclosure.duration(from: attributes["duration"])))
        case .title:
            return .title
        case .description:
            return .description(isText: attributes["type"]?.lowercased() != "html")
        case .category:
            return .category
        default:
            return .ignored
        }
    }

    /// Whether an element sits directly inside a `media:group` (`depth` is then the item's + 2).
    static func isInGroup(_ context: ElementContext) -> Bool {
        context.parent == ElementName(.mediaRSS, .group)
    }

    /// The image a channel-level element gives: an image `media:content` or a `media:thumbnail`.
    static func channelImage(_ element: ElementName, attributes: AttributeList, base: IRI?) -> String? {
        guard element.namespace == .mediaRSS, let url = attributes["url"] else { return nil }
        switch element.local {
        case .content where isImage(attributes), .thumbnail:
            return LinkResolver.resolve(url, against: base)
        default:
            return nil
        }
    }

    private static func isImage(_ attributes: AttributeList) -> Bool {
        attributes["medium"]?.lowercased() == "image" || attributes["type"]?.lowercased().hasPrefix("image/") == true
    }
}

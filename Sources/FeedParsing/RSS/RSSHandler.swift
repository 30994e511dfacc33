#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// RSS 0.9x and 2.0 (`<rss>`) and the RDF family, RSS 1.0 and 0.90 (`<rdf:RDF>`).
///
/// One handler for both because the elements are the same; what differs is their namespace
/// (none, or the RSS 1.0/0.90 one) and where items sit (inside `channel` in RSS, beside it in
/// RDF). Extension elements — `content:encoded`, Dublin Core, iTunes, `atom:link` — are matched
/// by namespace URI, so `<atom:link rel="self">` is never taken for the channel's `<link>`.
final class RSSHandler: FeedFormatHandler {
    enum Dialect {
        /// `<rss>`: elements without a namespace, items inside `channel`.
        case rss
        /// `<rdf:RDF>`: elements in the RSS 1.0 (or 0.90) namespace, items beside `channel`.
        case rdf(declaresRSSNamespace: Bool)
    }

    let format: ParsedFeed.Format
    let dialect: Dialect
    // (Only touched from the collector's callbacks, one at a time: the runtime exclusivity
    // checks on the fields written for every element are off.)
    @exclusivity(unchecked)
    var channel = ChannelFields()
    @exclusivity(unchecked)
    var item: ItemFields?
    var itemDepth = 0
    let items = ItemAssembler<ItemFields>(
        build: { item, arena in item.parsedItem(in: arena) },
        encode: { item, arena, writer in item.writeContract(in: arena, to: &writer) })
    @exclusivity(unchecked)
    var pending: (target: Target, encoding: ContentEncoding)?
    /// Depth of an `atom:author` inside the current item, whose name and email are read.
    var atomAuthorDepth: Int?
    /// Depth of an `atom:author` of the channel, whose name is read.
    var channelAtomAuthorDepth: Int?
    var sawChannelOrItem = false

    init(format: ParsedFeed.Format, dialect: Dialect) {
        self.format = format
        self.dialect = dialect
    }

    var notAFeedReason: String? {
        guard case .rdf(declaresRSSNamespace: false) = dialect, !sawChannelOrItem else { return nil }
        return "RDF document without an RSS channel"
    }

    // MARK: - Events

    func didStart(_ element: ElementName, attributes: AttributeList, context: ElementContext) -> CaptureMode? {
        if context.depth == 1 {
            channel.xmlLang = attributes.xmlLang
            return nil
        }
        if isCore(element, .channel), context.depth == 2 {
            sawChannelOrItem = true
            if let lang = attributes.xmlLang { channel.xmlLang = lang }
            return nil
        }
        // An item wherever it sits outside another item: in the channel (RSS), beside it (RDF), or
        // inside a channel-level element a broken feed never closed (a podcast's `itunes:category`),
        // where libxml2's recovery leaves every item that follows.
        if isCore(element, .item), item == nil {
            sawChannelOrItem = true
            item = ItemFields(about: attributes.rdfAbout)
            itemDepth = context.depth
            return nil
        }
        if item != nil, element == ElementName(.iTunes, .category) {
            // Nested categories are subcategories of the outer one; both are categories of the item.
            if let text = attributes["text"] {
                items.arena.append(CapturedText(bytes: Array(text.utf8), base: nil), tag: ItemFields.category, to: &item!.lists)
            }
            return nil
        }
        if item != nil, context.depth == itemDepth + 1 {
            return startItemChild(element, attributes: attributes, context: context)
        }
        if item != nil, context.depth == itemDepth + 2, MediaRSS.isInGroup(context) {
            return startItemMedia(element, attributes: attributes, context: context)
        }
        // `<categories><category>…</category></categories>`, as some generators write them.
        if item != nil, context.depth == itemDepth + 2, isCore(context.parent, .categories), isCore(element, .category) {
            return capture(.itemCategory)
        }
        if item == nil, let channelAtomAuthorDepth, context.depth == channelAtomAuthorDepth + 1,
           element.namespace == .atom10, element.local == .name {
            return capture(.channel(.text(\.atomAuthor, .line)))
        }
        if let atomAuthorDepth, context.depth == atomAuthorDepth + 1, element.namespace == .atom10 {
            switch element.local {
            case .name: return capture(.itemText(.atomAuthorName))
            case .email: return capture(.itemText(.atomAuthorEmail))
            default: return nil
            }
        }
        if isCore(context.parent, .channel) {
            return startChannelChild(element, attributes: attributes, context: context)
        }
        if item == nil, isCore(context.parent, .image), isCore(element, .url) {
            return capture(.channel(.text(\.imageURL, .link)))
        }
        return nil
    }

    func didCapture(_ text: CapturedText, context: ElementContext) {
        guard let (target, encoding) = pending else { return }
        pending = nil
        switch target {
        case .channel(let field):
            field.store(text, encoding: encoding, in: &channel, arena: &items.arena)
            return
        case .itemText(let field):
            // (Through a mutating call: reading `item!` would copy the whole draft.)
            if item != nil { item!.fill(field, with: text, encoding: encoding, in: &items.arena) }
            return
        case .itemDate(let field):
            if item != nil {
                items.arena.append(text, encoding: encoding, tag: field.rawValue, to: &item!.lists)
            }
            return
        default:
            break
        }
        let text = text.decoding(encoding)
        switch target {
        case .channel, .itemText, .itemDate:
            break
        case .itemCategory:
            if item != nil { items.arena.append(text, tag: ItemFields.category, to: &item!.lists) }
        case .itemCreator:
            if item != nil { items.arena.append(text, tag: ItemFields.creator, to: &item!.lists) }
        case .channelCreator:
            if let creator = text.line { channel.dcCreators.append(creator) }
        case .channelLink:
            if let link = text.link { channel.link = link }
        case .itemLink:
            // A later `link` replaces an earlier one, unless it is blank.
            if !text.isBlank { item?.link = DraftText(text, in: &items.arena) }
        }
    }

    func didEnd(_ element: ElementName, context: ElementContext) {
        if context.depth == atomAuthorDepth {
            atomAuthorDepth = nil
        } else if item == nil, context.depth == channelAtomAuthorDepth {
            channelAtomAuthorDepth = nil
        } else if item != nil, context.depth == itemDepth, isCore(element, .item), let finished = item.take() {
            // Taken out, not copied: the fields move into the draft without being retained again.
            items.add(finished)
        }
    }

    /// An RSS item is final once its end tag is read.
    func streamItems(into encoded: EncodedItems) {
        items.output = encoded
    }

    func makeFeed() -> ParsedFeed {
        ParsedFeed(
            format: format,
            title: channel.title ?? channel.dcTitle,
            link: channel.link ?? channel.atomLink,
            subtitle: channel.description ?? channel.dcDescription ?? channel.iTunesSubtitle ?? channel.iTunesSummary,
            language: LanguageTag.normalized(channel.language ?? channel.dcLanguage ?? channel.xmlLang),
            updated: channel.lastBuildDate ?? channel.dcDate ?? channel.dcModified ?? channel.atomUpdated
                ?? channel.pubDate ?? channel.dcIssued ?? channel.dcCreated,
            author: channel.managingEditor ?? channel.dcCreator ?? channel.author ?? channel.iTunesAuthor
                ?? channel.atomAuthor ?? channel.webMaster,
            image: channel.imageURL ?? channel.iTunesImage ?? channel.mediaImage,
            items: items.finish(), updateInterval: channel.updateInterval)
    }
}

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

    private let format: ParsedFeed.Format
    private let dialect: Dialect
    // (Only touched from the collector's callbacks, one at a time: the runtime exclusivity
    // checks on the fields written for every element are off.)
    @exclusivity(unchecked)
    private var channel = ChannelFields()
    @exclusivity(unchecked)
    private var item: ItemFields?
    private var itemDepth = 0
    private let items = ItemAssembler<ItemFields>(
        build: { item, arena in item.parsedItem(in: arena) },
        encode: { item, arena, writer in item.writeContract(in: arena, to: &writer) })
    @exclusivity(unchecked)
    private var pending: (target: Target, encoding: ContentEncoding)?
    /// Depth of an `atom:author` inside the current item, whose name and email are read.
    private var atomAuthorDepth: Int?
    /// Depth of an `atom:author` of the channel, whose name is read.
    private var channelAtomAuthorDepth: Int?
    private var sawChannelOrItem = false

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

    // MARK: - Element mapping

    private func startItemChild(_ element: ElementName, attributes: AttributeList, context: ElementContext)
        -> CaptureMode?
    {
        let target: Target
        switch (element.namespace, element.local) {
        case (let namespace, .title) where isCore(namespace): target = .itemText(.title)
        case (let namespace, .link) where isCore(namespace):
            if let link = AtomLink(attributes, base: context.base) {
                if link.isAlternate { item?.link = DraftText(link.href, in: &items.arena) }
                return nil
            }
            target = .itemLink
        case (let namespace, .description) where isCore(namespace):
            return capture(.itemText(.description), encoding: .html)
        case (let namespace, .author) where isCore(namespace): target = .itemText(.author)
        case (let namespace, .pubDate) where isCore(namespace): target = .itemDate(.pubDate)
        case (let namespace, .category) where isCore(namespace): target = .itemCategory
        case (let namespace, .guid) where isCore(namespace):
            if item?.guid?.isBlank ?? true {
                item?.guidIsPermaLink = attributes["isPermaLink"]?.lowercased() != "false"
            }
            target = .itemText(.guid)
        case (let namespace, .enclosure) where isCore(namespace):
            if let url = attributes["url"] {
                item?.addEnclosure(
                    url: LinkResolver.resolve(url, against: context.base), type: attributes["type"],
                    length: attributes["length"])
            }
            return nil
        case (.content, .encoded): return capture(.itemText(.contentEncoded), encoding: .html)
        case (.xhtml, .body):
            pending = (.itemText(.xhtmlBody), [])
            return .markup(unwrapDiv: false)
        case (.dublinCore, .title): target = .itemText(.dcTitle)
        case (.dublinCore, .description): target = .itemText(.dcDescription)
        case (.dublinCore, .creator), (.dublinCore, .author): target = .itemCreator
        case (.dublinCore, .date): target = .itemDate(.dcDate)
        case (.dublinCore, .subject): target = .itemCategory
        case (.dublinCoreTerms, .modified): target = .itemDate(.dcModified)
        case (.dublinCoreTerms, .issued): target = .itemDate(.dcIssued)
        case (.dublinCoreTerms, .created): target = .itemDate(.dcCreated)
        case (.iTunes, .author): target = .itemText(.iTunesAuthor)
        case (.iTunes, .summary): target = .itemText(.iTunesSummary)
        case (.iTunes, .subtitle): target = .itemText(.iTunesSubtitle)
        case (.iTunes, .duration): target = .itemText(.iTunesDuration)
        case (.mediaRSS, _): return startItemMedia(element, attributes: attributes, context: context)
        case (.atom10, .updated): target = .itemDate(.atomUpdated)
        case (.atom10, .published): target = .itemDate(.atomPublished)
        case (.atom10, .summary), (.atom10, .content):
            let construct = AtomTextConstruct(attributes, atom03: false)
            let isSummary = element.local == .summary
            let field: ItemFields.Text = isSummary ? .atomSummary : .atomContent
            // The first one that says something is the one kept (`ItemFields.fill`).
            if item?.text(field)?.isBlank ?? true {
                item?[keyPath: isSummary ? \ItemFields.atomSummaryIsText : \ItemFields.atomContentIsText] = construct.isPlainText
            }
            pending = (.itemText(field), construct.encoding)
            return construct.mode
        case (.atom10, .author):
            atomAuthorDepth = context.depth
            return nil
        case (.atom10, .category):
            guard let term = attributes["term"] ?? attributes["label"] else {
                // A category written as text (`<atom:category>Swift</atom:category>`).
                return capture(.itemCategory)
            }
            if item != nil {
                items.arena.append(CapturedText(bytes: Array(term.utf8), base: nil), tag: ItemFields.category, to: &item!.lists)
            }
            return nil
        case (.atom10, .link):
            let link = AtomLink(attributes, base: context.base)
            if link?.isAlternate == true, item?.atomLink == nil { item?.atomLink = link?.href }
            if let link, link.rel == "enclosure" {
                item?.addEnclosure(url: link.href, type: link.type, length: link.length)
            }
            return nil
        default:
            return nil
        }
        return capture(target)
    }

    private func startChannelChild(_ element: ElementName, attributes: AttributeList, context: ElementContext)
        -> CaptureMode?
    {
        let target: Target
        switch (element.namespace, element.local) {
        case (let namespace, .title) where isCore(namespace): target = .channel(.text(\.title, .line))
        case (let namespace, .link) where isCore(namespace):
            if let link = AtomLink(attributes, base: context.base) {
                if link.isAlternate { channel.link = link.href }
                return nil
            }
            target = .channelLink
        case (let namespace, .description) where isCore(namespace):
            return capture(.channel(.text(\.description, .block)), encoding: .html)
        case (let namespace, .language) where isCore(namespace): target = .channel(.text(\.language, .line))
        case (let namespace, .lastBuildDate) where isCore(namespace): target = .channel(.date(\.lastBuildDate))
        case (let namespace, .pubDate) where isCore(namespace): target = .channel(.date(\.pubDate))
        case (let namespace, .managingEditor) where isCore(namespace): target = .channel(.text(\.managingEditor, .line))
        case (let namespace, .webMaster) where isCore(namespace): target = .channel(.text(\.webMaster, .line))
        case (.dublinCore, .title): target = .channel(.text(\.dcTitle, .line))
        case (.dublinCore, .description): target = .channel(.text(\.dcDescription, .block))
        case (.dublinCore, .language): target = .channel(.text(\.dcLanguage, .line))
        case (.dublinCore, .date): target = .channel(.date(\.dcDate))
        case (.dublinCore, .creator), (.dublinCore, .author): target = .channelCreator
        case (let namespace, .author) where isCore(namespace): target = .channel(.text(\.author, .line))
        case (.dublinCoreTerms, .modified): target = .channel(.date(\.dcModified))
        case (.dublinCoreTerms, .issued): target = .channel(.date(\.dcIssued))
        case (.dublinCoreTerms, .created): target = .channel(.date(\.dcCreated))
        case (let namespace, .ttl) where isCore(namespace): target = .channel(.text(\.ttl, .line))
        case (.syndication, .updatePeriod): target = .channel(.text(\.updatePeriod, .line))
        case (.syndication, .updateFrequency): target = .channel(.text(\.updateFrequency, .line))
        case (.iTunes, .author): target = .channel(.text(\.iTunesAuthor, .line))
        case (.iTunes, .subtitle): target = .channel(.text(\.iTunesSubtitle, .block))
        case (.iTunes, .summary): target = .channel(.text(\.iTunesSummary, .block))
        case (.iTunes, .image):
            if channel.iTunesImage == nil, let href = attributes["href"] ?? attributes["url"] {
                channel.iTunesImage = LinkResolver.resolve(href, against: context.base)
            }
            return nil
        case (.mediaRSS, _):
            if channel.mediaImage == nil {
                channel.mediaImage = MediaRSS.channelImage(element, attributes: attributes, base: context.base)
            }
            return nil
        case (.atom10, .updated): target = .channel(.date(\.atomUpdated))
        case (.atom10, .author):
            channelAtomAuthorDepth = context.depth
            return nil
        case (.atom10, .link):
            if channel.atomLink == nil, let link = AtomLink(attributes, base: context.base), link.isAlternate {
                channel.atomLink = link.href
            }
            return nil
        default:
            return nil
        }
        return capture(target)
    }

    /// A Media RSS element in an item, or in a `media:group` there.
    private func startItemMedia(_ element: ElementName, attributes: AttributeList, context: ElementContext)
        -> CaptureMode?
    {
        switch MediaRSS.itemElement(element, attributes: attributes, base: context.base) {
        case .enclosure(let enclosure):
            item?.addEnclosure(enclosure)
        case .title:
            return capture(.itemText(.mediaTitle))
        case .description(let isText):
            // The first description that says something is the one kept (`ItemFields.fill`).
            if item?.mediaDescription?.isBlank ?? true { item?.mediaDescriptionIsText = isText }
            return capture(.itemText(.mediaDescription))
        case .category:
            return capture(.itemCategory)
        case .group, .ignored:
            break
        }
        return nil
    }

    private func capture(_ target: Target, encoding: ContentEncoding = []) -> CaptureMode {
        pending = (target, encoding)
        switch target {
        // Lines of text that feeds write with child elements (`<author><name>…</name></author>`,
        // `<category><term>…</term></category>`): their text, never their tags.
        case .itemText(.author), .itemText(.iTunesAuthor), .itemCategory, .itemCreator, .channelCreator,
            .channel(.text(\.author, _)), .channel(.text(\.managingEditor, _)), .channel(.text(\.webMaster, _)),
            .channel(.text(\.iTunesAuthor, _)), .channel(.text(\.atomAuthor, _)):
            return .plainText
        default:
            return .text
        }
    }

    private func isCore(_ namespace: XMLNamespace) -> Bool {
        switch dialect {
        case .rss: namespace == .none || namespace == .rss20
        case .rdf: namespace == .rss10 || namespace == .rss090 || namespace == .none
        }
    }

    private func isCore(_ element: ElementName?, _ local: LocalName) -> Bool {
        guard let element else { return false }
        return element.local == local && isCore(element.namespace)
    }

    // MARK: - Fields

    private enum Target {
        case channel(FieldTarget<ChannelFields>)
        /// Fields of items are named by enums rather than key paths: they are stored for nearly
        /// every element, and a key path costs a retain and a generic projection each time.
        case itemText(ItemFields.Text)
        case itemDate(ItemFields.DateField)
        case itemCategory
        case itemCreator
        /// `dc:creator` of the channel; several are all authors.
        case channelCreator
        /// `link`, where a later element replaces an earlier one (as in feedparser and gofeed).
        case channelLink
        case itemLink
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// How `RSSHandler` maps each element of a channel and an item (RSS 0.9x, 1.0 and 2.0, with
/// Dublin Core, content, Media RSS and Atom elements) to what it collects.
extension RSSHandler {
    func startItemChild(_ element: ElementName, attributes: AttributeList, context: ElementContext)
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

    func startChannelChild(_ element: ElementName, attributes: AttributeList, context: ElementContext)
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
    func startItemMedia(_ element: ElementName, attributes: AttributeList, context: ElementContext)
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

    func capture(_ target: Target, encoding: ContentEncoding = []) -> CaptureMode {
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

    func isCore(_ namespace: XMLNamespace) -> Bool {
        switch dialect {
        case .rss: namespace == .none || namespace == .rss20
        case .rdf: namespace == .rss10 || namespace == .rss090 || namespace == .none
        }
    }

    func isCore(_ element: ElementName?, _ local: LocalName) -> Bool {
        guard let element else { return false }
        return element.local == local && isCore(element.namespace)
    }

    // MARK: - Fields

    enum Target {
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

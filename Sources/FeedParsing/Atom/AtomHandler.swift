#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Atom 1.0 (RFC 4287) and its predecessor Atom 0.3.
///
/// Text constructs follow their `type` (1.0) or `mode` (0.3): text and HTML arrive decoded,
/// XHTML as the markup inside the wrapper `div`, base64 decoded. Entries without an author get the
/// feed's authors (RFC 4287 §4.2.1). An entry's `source` element describes another feed and is
/// skipped, so its title or links never overwrite the entry's.
final class AtomHandler: FeedFormatHandler {
    private let format: ParsedFeed.Format
    /// The namespace of Atom elements in this document (`.none` for Atom written without one).
    private let namespace: XMLNamespace
    private var feed = FeedFields()
    private var entry: EntryFields?
    private var entryDepth = 0
    private var person: Person?
    /// Depth of an element whose whole subtree is ignored (`source`).
    private var skippedDepth: Int?
    private let entries = ItemAssembler<EntryFields>(build: { entry, arena in entry.parsedItem(in: arena) })
    private var pending: (target: Target, encoding: ContentEncoding)?

    init(format: ParsedFeed.Format, namespace: XMLNamespace) {
        self.format = format
        self.namespace = namespace
    }

    var notAFeedReason: String? { nil }

    // MARK: - Events

    func didStart(_ element: ElementName, attributes: AttributeList, context: ElementContext) -> CaptureMode? {
        let depth = context.depth
        if let skippedDepth, depth > skippedDepth { return nil }
        if depth == 1 {
            feed.language = attributes.xmlLang
            // An Atom Entry Document (RFC 4287 §4.1.2): one entry as the whole document,
            // read as a feed of that one entry.
            if element.namespace == namespace, element.local == .entry {
                entry = EntryFields()
                entryDepth = depth
            }
            return nil
        }
        // An entry wherever it sits outside another entry: in the feed, or inside a feed-level
        // element a broken feed never closed, where libxml2's recovery leaves the entries after it.
        if entry == nil, element.namespace == namespace, element.local == .entry {
            // A feed `author` left open ends here: its name is the feed's, not the entry's.
            if let finished = person, !finished.ofEntry {
                person = nil
                if let name = finished.displayName { feed.authors.append(name) }
            }
            entry = EntryFields()
            entryDepth = depth
            return nil
        }
        if let person, depth == person.depth + 1 {
            switch (element.namespace == namespace, element.local) {
            case (true, .name): return capture(.personName)
            case (true, .email): return capture(.personEmail)
            default: return nil
            }
        }
        if entry != nil, depth == entryDepth + 1 {
            return startEntryChild(element, attributes: attributes, context: context)
        }
        if entry != nil, depth == entryDepth + 2, MediaRSS.isInGroup(context) {
            return startEntryMedia(element, attributes: attributes, context: context)
        }
        guard depth == 2 else { return nil }
        return startFeedChild(element, attributes: attributes, context: context)
    }

    func didCapture(_ text: CapturedText, context: ElementContext) {
        guard let (target, encoding) = pending else { return }
        pending = nil
        switch target {
        case .feed(let field):
            field.store(text, encoding: encoding, in: &feed, arena: &entries.arena)
            return
        case .entry(let field):
            if entry != nil { field.store(text, encoding: encoding, in: &entry!, arena: &entries.arena) }
            return
        default:
            break
        }
        let text = text.decoding(encoding)
        switch target {
        case .feed, .entry:
            break
        case .entryCategory:
            entry?.addCategory(text.line)
        case .entryCreator:
            if let creator = text.line { entry?.creators.append(creator) }
        case .personName:
            if person?.name == nil { person?.name = text.line }
        case .personEmail:
            if person?.email == nil { person?.email = text.line }
        }
    }

    func didEnd(_ element: ElementName, context: ElementContext) {
        let depth = context.depth
        if depth == skippedDepth {
            skippedDepth = nil
        } else if let finished = person, depth == finished.depth {
            person = nil
            guard let name = finished.displayName else { return }
            if finished.ofEntry { entry?.authors.append(name) } else { feed.authors.append(name) }
        } else if depth == entryDepth, let finished = entry.take() {
            // Taken out, not copied: the fields move into the draft without being retained again.
            entries.add(finished)
        }
    }

    func makeFeed() -> ParsedFeed {
        let feedAuthor = feed.authors.isEmpty ? nil : feed.authors.joined(separator: ", ")
        var items = entries.finish()
        if let feedAuthor {
            for index in items.indices where items[index].author == nil { items[index].author = feedAuthor }
        }
        return ParsedFeed(
            format: format, title: feed.title, link: feed.link, subtitle: feed.subtitle,
            language: LanguageTag.normalized(feed.language ?? feed.dcLanguage), updated: feed.updated ?? feed.termsModified,
            author: feedAuthor, image: feed.logo ?? feed.icon ?? feed.iTunesImage, items: items, titleType: feed.titleType)
    }

    // MARK: - Element mapping

    private func startFeedChild(_ element: ElementName, attributes: AttributeList, context: ElementContext)
        -> CaptureMode?
    {
        switch (element.namespace, element.local) {
        case (.dublinCore, .language): return capture(.feed(.text(\.dcLanguage, .line)))
        case (.dublinCoreTerms, .modified): return capture(.feed(.date(\.termsModified)))
        case (.iTunes, .image):
            if feed.iTunesImage == nil, let href = attributes["href"] ?? attributes["url"] {
                feed.iTunesImage = LinkResolver.resolve(href, against: context.base)
            }
            return nil
        case (namespace, _): break
        default: return nil
        }
        switch element.local {
        case .title:
            if feed.title == nil { feed.titleType = construct(attributes).titleType }
            return textConstruct(.feed(.text(\.title, .line)), attributes)
        case .subtitle, .tagline: return textConstruct(.feed(.text(\.subtitle, .block)), attributes)
        case .updated, .modified: return capture(.feed(.date(\.updated)))
        case .logo: return capture(.feed(.text(\.logo, .link)))
        case .icon: return capture(.feed(.text(\.icon, .link)))
        case .author:
            person = Person(depth: context.depth, ofEntry: false)
        case .link:
            if let link = AtomLink(attributes, base: context.base), link.isAlternate,
                feed.link == nil || (!feed.linkIsHTML && link.isHTML)
            {
                feed.link = link.href
                feed.linkIsHTML = link.isHTML
            }
        default:
            break
        }
        return nil
    }

    private func startEntryChild(_ element: ElementName, attributes: AttributeList, context: ElementContext)
        -> CaptureMode?
    {
        switch (element.namespace, element.local) {
        case (.dublinCore, .subject): return capture(.entryCategory)
        case (.dublinCore, .creator): return capture(.entryCreator)
        case (.dublinCoreTerms, .modified): return capture(.entry(.date(\.termsModified)))
        case (.dublinCoreTerms, .issued): return capture(.entry(.date(\.termsIssued)))
        case (.dublinCoreTerms, .created): return capture(.entry(.date(\.termsCreated)))
        case (.mediaRSS, _): return startEntryMedia(element, attributes: attributes, context: context)
        case (namespace, _): break
        default: return nil
        }
        switch element.local {
        case .id: return capture(.entry(.text(\.id, .line)))
        case .title:
            let construct = construct(attributes)
            if entry?.title?.isBlank ?? true { entry?.titleType = construct.titleType }
            return textConstruct(.entry(.draft(\.title)), construct)
        case .summary:
            // The first summary that says something is the one kept (`FieldTarget.store`).
            let construct = construct(attributes)
            if entry?.summary?.isBlank ?? true { entry?.summaryIsText = construct.isPlainText }
            return textConstruct(.entry(.draft(\.summary)), construct)
        case .content:
            let construct = construct(attributes)
            if entry?.content?.isBlank ?? true { entry?.contentIsText = construct.isPlainText }
            return textConstruct(.entry(.draft(\.content)), construct)
        case .published, .issued: return capture(.entry(.date(\.published)))
        case .created: return capture(.entry(.date(\.created)))
        case .updated, .modified: return capture(.entry(.date(\.updated)))
        case .author:
            person = Person(depth: context.depth, ofEntry: true)
        case .category:
            // A category written as text rather than as a `term` (feeds do both).
            guard let term = attributes["term"] ?? attributes["label"] else { return capture(.entryCategory) }
            entry?.addCategory(term)
        case .source:
            skippedDepth = context.depth
        case .link:
            guard let link = AtomLink(attributes, base: context.base) else { break }
            if link.isAlternate, entry?.link == nil || (entry?.linkIsHTML == false && link.isHTML) {
                entry?.link = link.href
                entry?.linkIsHTML = link.isHTML
            } else if link.rel == "enclosure" {
                entry?.addEnclosure(
                    Enclosure(url: link.href, type: link.type, length: Enclosure.length(from: link.length)))
            }
        default:
            break
        }
        return nil
    }

    /// A Media RSS element in an entry, or in a `media:group` there (YouTube puts the video's
    /// description there, and nowhere else).
    private func startEntryMedia(_ element: ElementName, attributes: AttributeList, context: ElementContext)
        -> CaptureMode?
    {
        switch MediaRSS.itemElement(element, attributes: attributes, base: context.base) {
        case .enclosure(let enclosure):
            entry?.addEnclosure(enclosure)
        case .title:
            return capture(.entry(.draft(\.mediaTitle)))
        case .description(let isText):
            if entry?.mediaDescription?.isBlank ?? true { entry?.mediaDescriptionIsText = isText }
            return capture(.entry(.draft(\.mediaDescription)))
        case .category:
            return capture(.entryCategory)
        case .group, .ignored:
            break
        }
        return nil
    }

    private func capture(_ target: Target) -> CaptureMode {
        pending = (target, [])
        switch target {
        // Lines of text, whose child elements (`<name>` inside a name) give text, never tags.
        case .entryCategory, .entryCreator, .personName, .personEmail: return .plainText
        default: return .text
        }
    }

    /// How to capture a text construct, from `type` (Atom 1.0) or `mode` and `type` (Atom 0.3).
    private func textConstruct(_ target: Target, _ attributes: AttributeList) -> CaptureMode {
        textConstruct(target, construct(attributes))
    }

    /// How to capture a text construct already read from its attributes.
    private func textConstruct(_ target: Target, _ construct: AtomTextConstruct) -> CaptureMode {
        pending = (target, construct.encoding)
        return construct.mode
    }

    /// How to read a text construct with these attributes in this document's Atom version.
    private func construct(_ attributes: AttributeList) -> AtomTextConstruct {
        AtomTextConstruct(attributes, atom03: format == .atom03)
    }

    // MARK: - Targets

    /// Where captured text goes (the fields are in AtomHandler+Fields.swift).
    private enum Target {
        case feed(FieldTarget<FeedFields>)
        case entry(FieldTarget<EntryFields>)
        case entryCategory
        case entryCreator
        case personName
        case personEmail
    }
}

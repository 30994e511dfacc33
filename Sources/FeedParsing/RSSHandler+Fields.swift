#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// What `RSSHandler` collects: the channel's fields, and each item's as a draft that is built
/// into a `ParsedItem` later (`ItemAssembler`).
extension RSSHandler {
    /// The channel being read.
    struct ChannelFields {
        var title: String?
        var dcTitle: String?
        var link: String?
        var atomLink: String?
        var description: String?
        var dcDescription: String?
        var language: String?
        var dcLanguage: String?
        var xmlLang: String?
        var lastBuildDate: Date?
        var pubDate: Date?
        var dcDate: Date?
        var atomUpdated: Date?
        var managingEditor: String?
        var webMaster: String?
        var dcCreators: [String] = []
        var dcCreator: String? { dcCreators.isEmpty ? nil : dcCreators.joined(separator: ", ") }
        var iTunesAuthor: String?
        var iTunesSubtitle: String?
        var iTunesSummary: String?
        var imageURL: String?
        var iTunesImage: String?
        var mediaImage: String?
    }

    /// An item being read. The long text fields stay as captured until `parsedItem` builds the
    /// item, usually on another thread (`ItemAssembler`).
    struct ItemFields: Sendable {
        var title: DraftText?
        var dcTitle: DraftText?
        var link: DraftText?
        var atomLink: String?
        var guid: DraftText?
        var guidIsPermaLink = true
        var description: DraftText?
        var dcDescription: DraftText?
        var atomSummary: DraftText?
        var iTunesSummary: DraftText?
        var iTunesSubtitle: DraftText?
        var mediaTitle: DraftText?
        var mediaDescription: DraftText?
        var contentEncoded: DraftText?
        var atomContent: DraftText?
        var xhtmlBody: DraftText?
        var author: DraftText?
        var atomAuthorName: DraftText?
        var atomAuthorEmail: DraftText?
        /// Categories and `dc:creator`s, tagged `category` and `creator`, and the dates as
        /// written, tagged with their `DateField` (read when the item is built: the first of
        /// each field that is a date counts).
        var lists = DraftList()
        var iTunesAuthor: DraftText?
        var enclosures: [Enclosure] = []

        static let category = 0
        static let creator = 1

        /// The text fields, named.
        enum Text {
            case title, dcTitle, mediaTitle, guid, author, atomAuthorName, atomAuthorEmail, iTunesAuthor
            case description, dcDescription, atomSummary, iTunesSummary, iTunesSubtitle, mediaDescription
            case contentEncoded, atomContent, xhtmlBody
        }

        /// The date fields, named; the raw value is their tag in `lists`.
        enum DateField: Int {
            case pubDate = 2, dcDate, dcModified, atomPublished, atomUpdated
        }

        /// Fills `field` with `text` unless an earlier element filled it: the first element that
        /// says something wins (a blank one may be followed by another).
        mutating func fill(_ field: Text, with text: CapturedText, encoding: ContentEncoding, in arena: inout TextArena) {
            guard self.text(field)?.isBlank ?? true else { return }
            setText(field, DraftText(text, encoding: encoding, in: &arena))
        }

        func text(_ field: Text) -> DraftText? {
            switch field {
            case .title: title
            case .dcTitle: dcTitle
            case .mediaTitle: mediaTitle
            case .guid: guid
            case .author: author
            case .atomAuthorName: atomAuthorName
            case .atomAuthorEmail: atomAuthorEmail
            case .iTunesAuthor: iTunesAuthor
            case .description: description
            case .dcDescription: dcDescription
            case .atomSummary: atomSummary
            case .iTunesSummary: iTunesSummary
            case .iTunesSubtitle: iTunesSubtitle
            case .mediaDescription: mediaDescription
            case .contentEncoded: contentEncoded
            case .atomContent: atomContent
            case .xhtmlBody: xhtmlBody
            }
        }

        mutating func setText(_ field: Text, _ value: DraftText) {
            switch field {
            case .title: title = value
            case .dcTitle: dcTitle = value
            case .mediaTitle: mediaTitle = value
            case .guid: guid = value
            case .author: author = value
            case .atomAuthorName: atomAuthorName = value
            case .atomAuthorEmail: atomAuthorEmail = value
            case .iTunesAuthor: iTunesAuthor = value
            case .description: description = value
            case .dcDescription: dcDescription = value
            case .atomSummary: atomSummary = value
            case .iTunesSummary: iTunesSummary = value
            case .iTunesSubtitle: iTunesSubtitle = value
            case .mediaDescription: mediaDescription = value
            case .contentEncoded: contentEncoded = value
            case .atomContent: atomContent = value
            case .xhtmlBody: xhtmlBody = value
            }
        }

        mutating func addEnclosure(url: String, type: String?, length: String?) {
            addEnclosure(Enclosure(url: url, type: type, length: Enclosure.length(from: length)))
        }

        /// Adds an enclosure unless one with the same URL is there (an RSS `enclosure` and the
        /// `media:content` beside it usually name the same file).
        mutating func addEnclosure(_ enclosure: Enclosure) {
            guard !enclosures.contains(where: { $0.url == enclosure.url }) else { return }
            enclosures.append(enclosure)
        }

        func parsedItem(in arena: TextArena) -> ParsedItem {
            let guid = guid?.line(in: arena)
            let creators = arena.entries(of: lists, tag: Self.creator).compactMap { $0.line(in: arena) }
            var categories: [String] = []
            for draft in arena.entries(of: lists, tag: Self.category) {
                if let category = draft.line(in: arena), !categories.contains(category) { categories.append(category) }
            }
            func date(_ field: DateField) -> Date? {
                arena.entries(of: lists, tag: field.rawValue).lazy.compactMap { $0.date(in: arena) }.first
            }
            let atomAuthor = AtomPerson.displayName(
                name: atomAuthorName?.line(in: arena), email: atomAuthorEmail?.line(in: arena))
            return ParsedItem(
                id: guid,
                title: title?.line(in: arena) ?? dcTitle?.line(in: arena) ?? mediaTitle?.line(in: arena),
                link: link?.link(in: arena) ?? atomLink ?? Self.permalink(guid, isPermaLink: guidIsPermaLink),
                author: author?.line(in: arena) ?? (creators.isEmpty ? nil : creators.joined(separator: ", "))
                    ?? atomAuthor ?? iTunesAuthor?.line(in: arena),
                published: date(.pubDate) ?? date(.dcDate) ?? date(.atomPublished),
                updated: date(.atomUpdated) ?? date(.dcModified),
                summary: description?.block(in: arena) ?? dcDescription?.block(in: arena)
                    ?? atomSummary?.block(in: arena) ?? iTunesSummary?.block(in: arena)
                    ?? iTunesSubtitle?.block(in: arena) ?? mediaDescription?.block(in: arena),
                content: contentEncoded?.block(in: arena) ?? atomContent?.block(in: arena) ?? xhtmlBody?.block(in: arena),
                categories: categories,
                enclosures: enclosures)
        }

        /// RSS 2.0: a guid is the item's permanent URL unless `isPermaLink="false"`. Used as the
        /// link only when the item has no `link` and the guid really is a web URL.
        private static func permalink(_ guid: String?, isPermaLink: Bool) -> String? {
            guard isPermaLink, let guid else { return nil }
            let lowered = guid.lowercased()
            return lowered.hasPrefix("http://") || lowered.hasPrefix("https://") ? guid : nil
        }
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// What `AtomHandler` collects: the feed's fields, each entry's as a draft that is built into a
/// `ParsedItem` later (`ItemAssembler`), and the author being read.
extension AtomHandler {
    /// The feed being read.
    struct FeedFields {
        var title: String?
        var titleType = TitleType.unknown
        var link: String?
        var linkIsHTML = false
        var subtitle: String?
        var language: String?
        var dcLanguage: String?
        var updated: Date?
        /// `dcterms:modified`, when there is no Atom `updated`.
        var termsModified: Date?
        var authors: [String] = []
        var logo: String?
        var icon: String?
        var iTunesImage: String?
    }

    /// An entry being read. The long text fields stay as captured until `parsedItem` builds the
    /// item, usually on another thread (`ItemAssembler`).
    struct EntryFields: Sendable {
        var id: String?
        var title: DraftText?
        var titleType = TitleType.unknown
        var link: String?
        var linkIsHTML = false
        var authors: [String] = []
        var creators: [String] = []
        var published: Date?
        var created: Date?
        var updated: Date?
        /// Dublin Core terms, each used only when the Atom element it stands in for is missing.
        var termsModified: Date?
        var termsIssued: Date?
        var termsCreated: Date?
        var summary: DraftText?
        var content: DraftText?
        /// Whether `summary` and `content` are plain text (`AtomTextConstruct.isPlainText`).
        var summaryIsText = false
        var contentIsText = false
        var mediaTitle: DraftText?
        var mediaDescription: DraftText?
        /// Whether `mediaDescription` is plain text rather than HTML (`MediaRSS`).
        var mediaDescriptionIsText = false
        var categories: [String] = []
        var enclosures: [Enclosure] = []

        mutating func addCategory(_ category: String?) {
            guard let category, !categories.contains(category) else { return }
            categories.append(category)
        }

        mutating func addEnclosure(_ enclosure: Enclosure) {
            enclosures.add(enclosure)
        }

        func parsedItem(in arena: TextArena) -> ParsedItem {
            let names = authors.isEmpty ? creators : authors
            let ownTitle = title?.line(in: arena)
            let ownSummary = summary?.block(in: arena)
            var item = ParsedItem(
                id: id, title: ownTitle ?? mediaTitle?.line(in: arena), link: link,
                author: names.isEmpty ? nil : names.joined(separator: ", "),
                published: published ?? created ?? termsIssued ?? termsCreated, updated: updated ?? termsModified,
                summary: ownSummary ?? mediaDescription?.block(in: arena),
                content: content?.block(in: arena),
                categories: categories, enclosures: enclosures, titleType: ownTitle == nil ? .unknown : titleType)
            if item.summary != nil, ownSummary == nil ? mediaDescriptionIsText : summaryIsText { item.summaryIsText = true }
            if item.content != nil, contentIsText { item.contentIsText = true }
            return item
        }
    }

    /// An `author` being read.
    struct Person {
        let depth: Int
        let ofEntry: Bool
        var name: String?
        var email: String?

        init(depth: Int, ofEntry: Bool) {
            self.depth = depth
            self.ofEntry = ofEntry
        }

        var displayName: String? { AtomPerson.displayName(name: name, email: email) }
    }
}

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
        var dcModified: Date?
        var dcIssued: Date?
        var dcCreated: Date?
        var atomUpdated: Date?
        var managingEditor: String?
        /// A channel-level `author`: not in RSS 2.0, but written by feeds and read by other readers.
        var author: String?
        /// The name of a channel-level `atom:author`, the only author some feeds give.
        var atomAuthor: String?
        var webMaster: String?
        var dcCreators: [String] = []
        var dcCreator: String? { dcCreators.isEmpty ? nil : dcCreators.joined(separator: ", ") }
        var iTunesAuthor: String?
        var iTunesSubtitle: String?
        var iTunesSummary: String?
        var imageURL: String?
        var iTunesImage: String?
        var mediaImage: String?
        var ttl: String?
        var updatePeriod: String?
        var updateFrequency: String?

        /// Seconds between updates the channel announces: the longer of `<ttl>` (minutes) and
        /// `sy:updatePeriod` divided by `sy:updateFrequency` (default 1); `nil` when neither
        /// says anything usable.
        var updateInterval: Double? {
            let ttlSeconds = ttl.flatMap(Double.init).flatMap { $0 > 0 ? $0 * 60 : nil }
            let period: Double? = switch updatePeriod?.lowercased() {
            case "hourly": 3600
            case "daily": 86_400
            case "weekly": 7 * 86_400
            case "monthly": 30 * 86_400
            case "yearly": 365 * 86_400
            default: nil
            }
            let frequency = updateFrequency.flatMap(Double.init).flatMap { $0 >= 1 ? $0 : nil } ?? 1
            let syndication = period.map { $0 / frequency }
            switch (ttlSeconds, syndication) {
            case let (ttl?, sy?): return max(ttl, sy)
            case let (ttl, sy): return ttl ?? sy
            }
        }
    }

    /// An item being read. The long text fields stay as captured until `parsedItem` builds the
    /// item, usually on another thread (`ItemAssembler`).
    struct ItemFields: Sendable {
        /// RSS 1.0 `rdf:about`, the item's URI: its id when it has no `guid`.
        var about: String?
        var title: DraftText?
        var dcTitle: DraftText?
        var link: DraftText?
        var atomLink: String?
        var guid: DraftText?
        var guidIsPermaLink = true
        var description: DraftText?
        var dcDescription: DraftText?
        var atomSummary: DraftText?
        /// Whether the (first) `atom:summary` and `atom:content` are plain text
        /// (`AtomTextConstruct.isPlainText`).
        var atomSummaryIsText = false
        var atomContentIsText = false
        var iTunesSummary: DraftText?
        var iTunesSubtitle: DraftText?
        var mediaTitle: DraftText?
        var mediaDescription: DraftText?
        /// Whether the (first) `media:description` is plain text (`type="plain"`, the default)
        /// rather than HTML.
        var mediaDescriptionIsText = false
        /// `itunes:duration`, the episode's playing time, given to its enclosures.
        var iTunesDuration: DraftText?
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
            case title, dcTitle, mediaTitle, guid, author, atomAuthorName, atomAuthorEmail, iTunesAuthor, iTunesDuration
            case description, dcDescription, atomSummary, iTunesSummary, iTunesSubtitle, mediaDescription
            case contentEncoded, atomContent, xhtmlBody
        }

        /// The date fields, named; the raw value is their tag in `lists`.
        enum DateField: Int {
            case pubDate = 2, dcDate, dcModified, atomPublished, atomUpdated, dcIssued, dcCreated
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
            case .iTunesDuration: iTunesDuration
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
            case .iTunesDuration: iTunesDuration = value
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

        /// Adds an enclosure unless one with the same URL is there (`[Enclosure].add`).
        mutating func addEnclosure(_ enclosure: Enclosure) {
            enclosures.add(enclosure)
        }

        func parsedItem(in arena: TextArena) -> ParsedItem {
            let fields = resolved(in: arena)
            let summary = firstText(Self.summaries, .multiline, in: arena)
            let content = firstText(Self.contents, .multiline, in: arena)
            var item = ParsedItem(
                id: fields.id, title: firstText(Self.titles, .singleLine, in: arena)?.text, link: fields.link,
                author: fields.author, published: fields.published, updated: fields.updated,
                summary: summary?.text, content: content?.text,
                categories: fields.categories, enclosures: timedEnclosures(in: arena))
            if fields.idIsAbout { item.idIsResourceURI = true }
            if let summary, isPlainText(summary.field) { item.summaryIsText = true }
            if let content, isPlainText(content.field) { item.contentIsText = true }
            return item
        }

        /// The enclosures, those without a playing time of their own given the item's
        /// `itunes:duration`.
        private func timedEnclosures(in arena: TextArena) -> [Enclosure] {
            guard let duration = Enclosure.duration(from: iTunesDuration?.line(in: arena)) else { return enclosures }
            return enclosures.map { enclosure in
                var enclosure = enclosure
                if enclosure.duration == nil { enclosure.duration = duration }
                return enclosure
            }
        }

        /// Whether `field` holds plain text rather than HTML: a plain `media:description`, an
        /// `atom:summary` or `atom:content` of a text type. RSS's own `description` is HTML.
        private func isPlainText(_ field: Text) -> Bool {
            switch field {
            case .atomSummary: atomSummaryIsText
            case .atomContent: atomContentIsText
            case .mediaDescription: mediaDescriptionIsText
            default: false
            }
        }

        /// The item's `tidingsd parse` JSON, the same as `parsedItem`'s would be, with the long
        /// fields written straight from the arena (`DraftText.write`).
        func writeContract(in arena: TextArena, to writer: inout ContractWriter) {
            let fields = resolved(in: arena)
            writer.item(
                id: fields.id, title: { writeFirst(Self.titles, .singleLine, in: arena, to: &$0) }, link: fields.link,
                author: fields.author, published: fields.published, updated: fields.updated,
                summary: { writeFirst(Self.summaries, .multiline, in: arena, to: &$0) },
                content: { writeFirst(Self.contents, .multiline, in: arena, to: &$0) },
                categories: fields.categories, enclosures: timedEnclosures(in: arena))
        }

        /// Where each long field comes from, in order of preference: the first that is not
        /// blank once cleaned wins.
        private static let titles: [Text] = [.title, .dcTitle, .mediaTitle]
        private static let summaries: [Text] = [
            .description, .dcDescription, .atomSummary, .iTunesSummary, .iTunesSubtitle, .mediaDescription,
        ]
        private static let contents: [Text] = [.contentEncoded, .atomContent, .xhtmlBody]

        /// The text of the first of `candidates` that is not blank once cleaned, and which one it is.
        private func firstText(_ candidates: [Text], _ layout: TextSanitizer.Layout, in arena: TextArena)
            -> (text: String, field: Text)?
        {
            for field in candidates {
                if let text = text(field)?.text(layout, in: arena) { return (text, field) }
            }
            return nil
        }

        private func writeFirst(
            _ candidates: [Text], _ layout: TextSanitizer.Layout, in arena: TextArena, to writer: inout ContractWriter
        ) {
            for field in candidates {
                if let candidate = text(field), candidate.write(layout, in: arena, to: &writer) { return }
            }
            writer.raw("null")
        }

        /// The short fields, read the same way for both.
        private func resolved(in arena: TextArena)
            -> (id: String?, idIsAbout: Bool, link: String?, author: String?, published: Date?, updated: Date?, categories: [String])
        {
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
            return (
                id: guid ?? about,
                idIsAbout: guid == nil && about != nil,
                link: link?.link(in: arena) ?? atomLink ?? Self.permalink(guid, isPermaLink: guidIsPermaLink),
                author: author?.line(in: arena) ?? (creators.isEmpty ? nil : creators.joined(separator: ", "))
                    ?? atomAuthor ?? iTunesAuthor?.line(in: arena),
                published: date(.pubDate) ?? date(.dcDate) ?? date(.atomPublished) ?? date(.dcIssued) ?? date(.dcCreated),
                updated: date(.atomUpdated) ?? date(.dcModified),
                categories: categories)
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

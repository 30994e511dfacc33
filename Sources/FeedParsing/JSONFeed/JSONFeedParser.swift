#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Reads JSON Feed 1.0 and 1.1 (https://www.jsonfeed.org/version/1.1/) with Foundation's
/// `JSONDecoder` and maps it to a `ParsedFeed` under the same rules as the XML formats: text
/// cleaned of control characters and bidi overrides, links resolved against the document URL,
/// dates normalised to UTC by `DateParser`.
///
/// A document is a JSON Feed when its `version` is a jsonfeed.org version URL. A bare version
/// number (`"1.1"`) is accepted too when the document has an `items` array: some generators (and
/// gofeed's test data) write it so, and nothing else looks like that.
enum JSONFeedParser {
    /// - Parameters:
    ///   - data: the whole document, UTF-8 (a byte order mark is allowed).
    ///   - baseURL: the document URL; relative links are resolved against it (else against the
    ///     feed's own `feed_url`).
    /// - Throws: `FeedParsingError.notAFeed` when the document is not valid JSON or not a JSON Feed.
    static func parse(_ data: Data, baseURL: IRI?) throws(FeedParsingError) -> ParsedFeed {
        let document: JSONFeedDocument
        do {
            document = try JSONDecoder().decode(JSONFeedDocument.self, from: withoutByteOrderMark(data))
        } catch DecodingError.dataCorrupted(let context) {
            throw .notAFeed("invalid JSON" + (context.underlyingError.map(detail) ?? ""))
        } catch {
            throw .notAFeed("JSON document that is not a JSON Feed (not an object)")
        }
        guard isJSONFeed(document) else {
            throw .notAFeed("JSON document that is not a JSON Feed (no jsonfeed.org version)")
        }
        let base = baseURL ?? document.feedURL.flatMap(line).flatMap { LinkResolver.hasScheme($0) ? IRI($0) : nil }
        let feedAuthor = displayName(document.authors)
        return ParsedFeed(
            format: .jsonFeed,
            title: document.title.flatMap(line),
            link: document.homePageURL.flatMap { link($0, base: base) },
            subtitle: document.description.flatMap(block),
            language: document.language.flatMap(line),
            author: feedAuthor,
            image: (document.icon ?? document.favicon).flatMap { link($0, base: base) },
            wellFormed: true,
            items: (document.items ?? []).map { item($0, base: base, feedAuthor: feedAuthor) })
    }

    private static func item(_ item: JSONFeedDocument.Item, base: IRI?, feedAuthor: String?) -> ParsedItem {
        var categories: [String] = []
        for tag in item.tags {
            if let tag = line(tag), !categories.contains(tag) { categories.append(tag) }
        }
        var enclosures: [Enclosure] = []
        for attachment in item.attachments {
            guard let url = attachment.url.flatMap({ link($0, base: base) }),
                !enclosures.contains(where: { $0.url == url })
            else { continue }
            enclosures.append(
                Enclosure(
                    url: url, type: attachment.mimeType.flatMap(line), length: attachment.sizeInBytes,
                    duration: attachment.durationInSeconds))
        }
        let html = item.contentHTML.flatMap(block)
        var parsed = ParsedItem(
            id: item.id.flatMap(line),
            title: item.title.flatMap(line),
            // `external_url` is the page a link-blog item is about: the link when there is no other.
            link: (item.url ?? item.externalURL).flatMap { link($0, base: base) },
            // Items without authors have the feed's (JSON Feed 1.1, `authors`).
            author: displayName(item.authors) ?? feedAuthor,
            published: item.datePublished.flatMap(DateParser.parse),
            updated: item.dateModified.flatMap(DateParser.parse),
            summary: item.summary.flatMap(block),
            content: html ?? item.contentText.flatMap(block),
            categories: categories,
            enclosures: enclosures)
        // `summary` and `content_text` are plain text (JSON Feed 1.1): the store keeps their
        // line breaks, and a `<` in them, rather than reading them as HTML.
        if parsed.summary != nil { parsed.summaryIsText = true }
        if html == nil, parsed.content != nil { parsed.contentIsText = true }
        return parsed
    }

    // MARK: - Helpers

    private static func isJSONFeed(_ document: JSONFeedDocument) -> Bool {
        guard let version = document.version?.trimmingASCIIWhitespace().lowercased() else { return false }
        let prefixes = [
            "https://jsonfeed.org/version/", "http://jsonfeed.org/version/", "https://www.jsonfeed.org/version/",
            "http://www.jsonfeed.org/version/",
        ]
        if prefixes.contains(where: version.hasPrefix) { return true }
        return document.items != nil && ["1", "1.0", "1.1"].contains(version)
    }

    /// "Name, Other Name": each author's name, else its URL.
    private static func displayName(_ authors: [JSONFeedDocument.Author]) -> String? {
        let names = authors.compactMap { author in author.name.flatMap(line) ?? author.url.flatMap(line) }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    private static func line(_ text: String) -> String? {
        let cleaned = TextSanitizer.clean(text, layout: .singleLine)
        return cleaned.isEmpty ? nil : cleaned
    }

    private static func block(_ text: String) -> String? {
        let cleaned = TextSanitizer.clean(text, layout: .multiline)
        return cleaned.isEmpty ? nil : cleaned
    }

    private static func link(_ text: String, base: IRI?) -> String? {
        line(text).map { LinkResolver.resolve($0, against: base) }
    }

    private static func withoutByteOrderMark(_ data: Data) -> Data {
        data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
    }

    /// ": <what the decoder says>", for a "not a feed" message.
    private static func detail(_ error: any Error) -> String {
        let text = line(String(describing: error)) ?? ""
        return text.isEmpty ? "" : ": " + text
    }
}

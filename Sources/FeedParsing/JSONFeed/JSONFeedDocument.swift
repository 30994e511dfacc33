#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// The parts of a JSON Feed document (https://www.jsonfeed.org/version/1.1/) that Tidings reads,
/// as written, before any cleaning.
///
/// Decoding is lenient the way feed readers must be: a member of the wrong type is treated as
/// absent instead of failing the whole feed (an `id` written as a number is kept as text, a
/// size written as a string is read as a number, an item that is not an object is skipped).
/// Only a document that is not a JSON object at all fails to decode.
struct JSONFeedDocument: Decodable {
    var version: String?
    var title: String?
    var homePageURL: String?
    var feedURL: String?
    var description: String?
    var icon: String?
    var favicon: String?
    var language: String?
    /// `authors` (1.1), else the deprecated single `author` (1.0).
    var authors: [Author]
    /// `nil` when the document has no `items` array.
    var items: [Item]?

    private enum CodingKeys: String, CodingKey {
        case version, title, description, icon, favicon, language, author, authors, items
        case homePageURL = "home_page_url"
        case feedURL = "feed_url"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = container.leniently(String.self, forKey: .version)
        title = container.leniently(String.self, forKey: .title)
        homePageURL = container.leniently(String.self, forKey: .homePageURL)
        feedURL = container.leniently(String.self, forKey: .feedURL)
        description = container.leniently(String.self, forKey: .description)
        icon = container.leniently(String.self, forKey: .icon)
        favicon = container.leniently(String.self, forKey: .favicon)
        language = container.leniently(String.self, forKey: .language)
        authors = Author.list(in: container, plural: .authors, singular: .author)
        items = container.lossyArray(of: Item.self, forKey: .items)
    }

    /// An author object (`name`, `url`; the `avatar` is not read).
    struct Author: Decodable {
        var name: String?
        var url: String?

        private enum CodingKeys: String, CodingKey {
            case name, url
        }

        init(from decoder: any Decoder) throws {
            if let container = try? decoder.container(keyedBy: CodingKeys.self) {
                name = container.leniently(String.self, forKey: .name)
                url = container.leniently(String.self, forKey: .url)
            } else {
                // Some generators write the author as a plain string.
                name = try decoder.singleValueContainer().decode(String.self)
            }
        }

        /// The authors under `plural` (JSON Feed 1.1), else the one under `singular` (1.0).
        static func list<Key: CodingKey>(
            in container: KeyedDecodingContainer<Key>, plural: Key, singular: Key
        ) -> [Author] {
            if let authors = container.lossyArray(of: Author.self, forKey: plural), !authors.isEmpty {
                return authors
            }
            return container.leniently(Author.self, forKey: singular).map { [$0] } ?? []
        }
    }

    struct Item: Decodable {
        /// Written as a string, or (against the specification) as a number.
        var id: String?
        var url: String?
        var externalURL: String?
        var title: String?
        var contentHTML: String?
        var contentText: String?
        var summary: String?
        var datePublished: String?
        var dateModified: String?
        var authors: [Author]
        var tags: [String]
        var attachments: [Attachment]

        private enum CodingKeys: String, CodingKey {
            case id, url, title, summary, author, authors, tags, attachments
            case externalURL = "external_url"
            case contentHTML = "content_html"
            case contentText = "content_text"
            case datePublished = "date_published"
            case dateModified = "date_modified"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = container.leniently(String.self, forKey: .id) ?? container.numberAsText(forKey: .id)
            url = container.leniently(String.self, forKey: .url)
            externalURL = container.leniently(String.self, forKey: .externalURL)
            title = container.leniently(String.self, forKey: .title)
            contentHTML = container.leniently(String.self, forKey: .contentHTML)
            contentText = container.leniently(String.self, forKey: .contentText)
            summary = container.leniently(String.self, forKey: .summary)
            datePublished = container.leniently(String.self, forKey: .datePublished)
            dateModified = container.leniently(String.self, forKey: .dateModified)
            authors = Author.list(in: container, plural: .authors, singular: .author)
            // `tags` is an array of strings; a lone string is taken as one tag.
            tags =
                container.lossyArray(of: String.self, forKey: .tags)
                ?? container.leniently(String.self, forKey: .tags).map { [$0] } ?? []
            attachments = container.lossyArray(of: Attachment.self, forKey: .attachments) ?? []
        }
    }

    struct Attachment: Decodable {
        var url: String?
        var mimeType: String?
        /// `size_in_bytes`; `nil` when absent, negative or not a whole number.
        var sizeInBytes: Int64?
        /// `duration_in_seconds` in whole seconds; `nil` when absent, not positive or not a
        /// number (a string is read as `itunes:duration` is).
        var durationInSeconds: Int64?

        private enum CodingKeys: String, CodingKey {
            case url
            case mimeType = "mime_type"
            case sizeInBytes = "size_in_bytes"
            case durationInSeconds = "duration_in_seconds"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            url = container.leniently(String.self, forKey: .url)
            mimeType = container.leniently(String.self, forKey: .mimeType)
            sizeInBytes = container.byteCount(forKey: .sizeInBytes)
            durationInSeconds = container.leniently(Double.self, forKey: .durationInSeconds).flatMap(Enclosure.duration(seconds:))
                ?? Enclosure.duration(from: container.leniently(String.self, forKey: .durationInSeconds))
        }
    }
}

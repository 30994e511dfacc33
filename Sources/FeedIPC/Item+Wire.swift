#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

// `Item` and `Enclosure` as `WireWriter` writes and `WireReader` reads them: the members and
// order of their `Codable` conformance under `WireCoding` (sorted keys, `nil` left out).

extension Item {
    /// Writes the item as `WireCoding.makeEncoder()` encodes it.
    public func write(to writer: inout WireWriter) {
        writer.beginObject()
        writer.member("alsoIn", alsoIn) { $0.strings($1) }
        writer.member("author", author) { $0.string($1) }
        writer.key("categories")
        writer.strings(categories)
        writer.member("content", content) { $0.string($1) }
        writer.key("enclosures")
        writer.beginArray()
        for enclosure in enclosures {
            writer.element()
            enclosure.write(to: &writer)
        }
        writer.endArray()
        writer.member("excerpt", excerpt) { $0.string($1) }
        writer.key("feedID")
        writer.int(feedID)
        writer.key("feedTitle")
        writer.string(feedTitle)
        writer.key("firstSeen")
        writer.date(firstSeen)
        writer.member("guid", guid) { $0.string($1) }
        writer.key("id")
        writer.int(id)
        writer.key("isRead")
        writer.bool(isRead)
        writer.key("isStarred")
        writer.bool(isStarred)
        writer.member("link", link) { $0.string($1) }
        writer.member("published", published) { $0.date($1) }
        writer.member("summary", summary) { $0.string($1) }
        writer.member("tags", tags) { $0.strings($1) }
        writer.member("title", title) { $0.string($1) }
        writer.member("updated", updated) { $0.date($1) }
        writer.endObject()
    }

    /// Reads an item as `init(from:)` decodes it (`categories`, `enclosures` and `isStarred`
    /// may be absent or `null`).
    /// - Throws: `WireReader.Unexpected`, also for a required member that is missing.
    public init(reading reader: inout WireReader) throws(WireReader.Unexpected) {
        var id: Int64?, feedID: Int64?, feedTitle: String?, firstSeen: Date?, isRead: Bool?
        var item = Item(id: 0, feedID: 0, feedTitle: "", firstSeen: Date(timeIntervalSince1970: 0))
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "id": id = try reader.int()
            case "feedID": feedID = try reader.int()
            case "feedTitle": feedTitle = try reader.string()
            case "firstSeen": firstSeen = try reader.date()
            case "isRead": isRead = try reader.bool()
            case "isStarred": item.isStarred = try reader.optionalBool() ?? false
            case "guid": item.guid = try reader.optionalString()
            case "title": item.title = try reader.optionalString()
            case "link": item.link = try reader.optionalString()
            case "author": item.author = try reader.optionalString()
            case "published": item.published = try reader.optionalDate()
            case "updated": item.updated = try reader.optionalDate()
            case "summary": item.summary = try reader.optionalString()
            case "content": item.content = try reader.optionalString()
            case "excerpt": item.excerpt = try reader.optionalString()
            case "categories": item.categories = try reader.optionalStrings() ?? []
            case "alsoIn": item.alsoIn = try reader.optionalStrings()
            case "tags": item.tags = try reader.optionalStrings()
            case "enclosures":
                var enclosures: [Enclosure] = []
                if !reader.null() {
                    try reader.beginArray()
                    while try reader.nextElement() { enclosures.append(try Enclosure(reading: &reader)) }
                }
                item.enclosures = enclosures
            default: try reader.skipValue()
            }
        }
        guard let id, let feedID, let feedTitle, let firstSeen, let isRead else { throw WireReader.Unexpected(offset: 0) }
        (item.id, item.feedID, item.feedTitle, item.firstSeen, item.isRead) = (id, feedID, feedTitle, firstSeen, isRead)
        self = item
    }
}

extension Enclosure {
    /// Writes the enclosure as `WireCoding.makeEncoder()` encodes it.
    public func write(to writer: inout WireWriter) {
        writer.beginObject()
        writer.member("duration", duration) { $0.int($1) }
        writer.member("length", length) { $0.int($1) }
        writer.member("type", type) { $0.string($1) }
        writer.key("url")
        writer.string(url)
        writer.endObject()
    }

    /// Reads an enclosure as its `init(from:)` decodes it.
    /// - Throws: `WireReader.Unexpected`, also when `url` is missing.
    public init(reading reader: inout WireReader) throws(WireReader.Unexpected) {
        var url: String?
        var enclosure = Enclosure(url: "")
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "url": url = try reader.string()
            case "type": enclosure.type = try reader.optionalString()
            case "length": enclosure.length = try reader.optionalInt()
            case "duration": enclosure.duration = try reader.optionalInt()
            default: try reader.skipValue()
            }
        }
        guard let url else { throw WireReader.Unexpected(offset: 0) }
        enclosure.url = url
        self = enclosure
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Reading entries: their ids from the reading list (newer than the last sync's newest, less a
/// margin), then their contents in batches.
extension GoogleReaderService {
    /// The crawl time (seconds) of the newest entry read so far.
    struct Cursor: Codable {
        var crawled: Int64?
    }

    public func entries(since cursor: String?, page: (RemoteEntryPage) async throws -> Void) async throws -> String {
        let previous = cursor.flatMap { try? JSONDecoder().decode(Cursor.self, from: Data($0.utf8)) }
        var extra = [("r", "o")]
        if let crawled = previous?.crawled { extra.append(("ot", String(max(0, crawled - Self.crawlMargin)))) }
        let ids = try await itemIDs(stream: GoogleReaderAPI.readingList, extra: extra)
        var next = previous ?? Cursor()
        for start in stride(from: 0, to: ids.count, by: Self.contentBatch) {
            try Task.checkCancellation()
            let batch = ids[start..<min(start + Self.contentBatch, ids.count)]
            let contents = try await json(
                GoogleReaderAPI.Contents.self, .post, "/reader/api/0/stream/items/contents",
                query: [("output", "json")], form: batch.map { ("i", Self.longID($0)) })
            // In the order asked for (oldest first): services answer newest first unless told.
            let position = Dictionary(batch.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            let entries = contents.items.compactMap(Self.remoteEntry)
                .sorted { position[$0.id, default: .max] < position[$1.id, default: .max] }
            if let newest = contents.items.compactMap(Self.crawlTime).max() {
                next.crawled = max(next.crawled ?? newest, newest)
            }
            if !entries.isEmpty { try await page(RemoteEntryPage(entries: entries)) }
        }
        return String(decoding: try JSONEncoder().encode(next), as: UTF8.self)
    }

    /// Seconds since 1970 of the entry's crawl (`crawlTimeMsec`, else `timestampUsec`).
    static func crawlTime(_ item: GoogleReaderAPI.Item) -> Int64? {
        if let milliseconds = item.crawlTimeMsec.flatMap({ Int64($0) }) { return milliseconds / 1000 }
        return item.timestampUsec.flatMap { Int64($0) }.map { $0 / 1_000_000 }
    }

    static func remoteEntry(_ item: GoogleReaderAPI.Item) -> RemoteEntry? {
        guard let id = shortID(item.id), let stream = item.origin?.streamId else { return nil }
        let categories = item.categories ?? []
        let link = (item.canonical ?? []).first?.href ?? (item.alternate ?? []).first(where: { $0.type?.contains("html") ?? true })?.href
        let parsed = ParsedItem(
            id: nil, title: item.title, link: link.flatMap { $0.isEmpty ? nil : $0 },
            author: item.author.flatMap { $0.isEmpty ? nil : $0 },
            published: item.published.map { Date(timeIntervalSince1970: Double($0)) },
            updated: item.updated.flatMap { $0 > 0 && $0 != item.published ? Date(timeIntervalSince1970: Double($0)) : nil },
            summary: item.content == nil ? item.summary?.content : nil,
            content: item.content?.content ?? nil,
            categories: categories.compactMap { tag in tag.range(of: "/label/").map { String(tag[$0.upperBound...]) } },
            enclosures: (item.enclosure ?? []).compactMap { enclosure in
                enclosure.href.map { Enclosure(url: $0, type: enclosure.type, length: enclosure.length.flatMap { $0 > 0 ? $0 : nil }) }
            },
            titleType: .text)
        return RemoteEntry(
            id: id, subscriptionID: stream, item: parsed,
            read: categories.contains { $0.hasSuffix("/state/com.google/read") },
            starred: categories.contains { $0.hasSuffix("/state/com.google/starred") })
    }
}

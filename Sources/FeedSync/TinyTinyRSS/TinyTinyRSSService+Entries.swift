#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Reading headlines: new ones above the highest id read so far, and the ids of every unread
/// and starred one.
extension TinyTinyRSSService {
    struct Cursor: Codable {
        var after: Int64
    }

    public func entries(since cursor: String?, page: (RemoteEntryPage) async throws -> Void) async throws -> String {
        let previous = cursor.flatMap { try? JSONDecoder().decode(Cursor.self, from: Data($0.utf8)) }
        var next = previous ?? Cursor(after: 0)
        var seen = Set<Int64>()
        try await headlines(
            feed: TinyTinyRSSAPI.allArticles, view: "all_articles", content: true, since: previous?.after ?? 0
        ) { headlines throws in
            let fresh = headlines.filter { seen.insert($0.id.value).inserted }
            next.after = max(next.after, fresh.map(\.id.value).max() ?? 0)
            let entries = fresh.compactMap(Self.remoteEntry)
            if !entries.isEmpty { try await page(RemoteEntryPage(entries: entries)) }
        }
        return String(decoding: try JSONEncoder().encode(next), as: UTF8.self)
    }

    public func states() async throws(SyncError) -> RemoteStates? {
        var unread = Set<String>(), starred = Set<String>()
        do {
            try await headlines(feed: TinyTinyRSSAPI.allArticles, view: "unread", content: false, since: 0) { page in
                unread.formUnion(page.map { String($0.id.value) })
            }
            try await headlines(feed: TinyTinyRSSAPI.starredArticles, view: "all_articles", content: false, since: 0) { page in
                starred.formUnion(page.map { String($0.id.value) })
            }
        } catch let error as SyncError {
            throw error
        } catch {
            throw .cancelled
        }
        return RemoteStates(unread: unread, starred: starred)
    }

    /// Every headline of a feed or virtual feed, oldest first, a page at a time; pages overlap
    /// (`pageOverlap`), so `page` sees some twice.
    private func headlines(
        feed: Int, view: String, content: Bool, since: Int64, page: ([TinyTinyRSSAPI.Headline]) async throws -> Void
    ) async throws {
        var skip = 0
        while true {
            try Task.checkCancellation()
            var parameters: [String: TinyTinyRSSAPI.Value] = [
                "feed_id": .int(feed), "view_mode": .string(view), "limit": .int(TinyTinyRSSAPI.pageSize),
                "skip": .int(skip), "order_by": .string("date_reverse"), "show_content": .bool(content),
                "include_attachments": .bool(content), "show_excerpt": .bool(false),
            ]
            if since > 0 { parameters["since_id"] = .int(Int(since)) }
            let headlines = try await call([TinyTinyRSSAPI.Headline].self, "getHeadlines", parameters)
            if !headlines.isEmpty { try await page(headlines) }
            guard headlines.count >= TinyTinyRSSAPI.pageSize else { return }
            skip += headlines.count - Self.pageOverlap
        }
    }

    static func remoteEntry(_ headline: TinyTinyRSSAPI.Headline) -> RemoteEntry? {
        guard let feed = headline.feedID, feed.value > 0 else { return nil }
        let link = headline.link.flatMap { $0.isEmpty ? nil : $0 }
        let item = ParsedItem(
            id: link == nil ? headline.guid.flatMap { $0.isEmpty ? nil : Self.feedGUID($0) } : nil,
            title: headline.title, link: link,
            author: headline.author.flatMap { $0.isEmpty ? nil : $0 },
            published: headline.updated.map { Date(timeIntervalSince1970: Double($0)) },
            content: headline.content.flatMap { $0.isEmpty ? nil : $0 },
            enclosures: (headline.attachments ?? []).compactMap { attachment in
                attachment.contentURL.flatMap { $0.isEmpty ? nil : Enclosure(url: $0, type: attachment.contentType) }
            },
            titleType: .text)
        return RemoteEntry(
            id: String(headline.id.value), subscriptionID: String(feed.value), item: item,
            read: !headline.unread, starred: headline.marked)
    }

    /// tt-rss keeps a guid as `SHA1:…` of the owner and the feed's own guid, or as JSON
    /// `{"ver":2,"uid":…,"hash":"…"}`: neither is the feed's guid, so it only names the entry
    /// within tt-rss. It becomes the item's id when the entry has no link.
    private static func feedGUID(_ guid: String) -> String { "tt-rss:" + guid }
}

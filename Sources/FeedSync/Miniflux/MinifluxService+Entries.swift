#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities
import FeedParsing

/// Reading entries: new ones by id, changed ones by `changed_after`.
extension MinifluxService {
    /// Where the last sync stopped: the highest entry id it read, and the service's time of the
    /// latest change it had when it began (`changed_at` of the entry changed last).
    struct Cursor: Codable {
        var after: Int64
        var changed: Int64?
    }

    public func entries(since cursor: String?, page: (RemoteEntryPage) async throws -> Void) async throws -> String {
        let previous = cursor.flatMap { try? JSONDecoder().decode(Cursor.self, from: Data($0.utf8)) }
        // The service's clock at the start: every change made from now on has a later
        // `changed_at`, so the next sync asks from here, whatever this machine's clock says.
        // `changed_after` is exclusive and takes whole seconds, as `Date` counts them: the
        // second before the one the service answered in is where the next sync starts.
        let started = try await serviceTime()
        var next = Cursor(after: previous?.after ?? 0, changed: started.map { Int64($0.timeIntervalSince1970) - 1 } ?? previous?.changed)
        if let previous, let changedSince = previous.changed {
            // Entries read before whose state changed since: those up to the last id read.
            _ = try await pages(
                query: [("changed_after", String(changedSince)), ("before_entry_id", String(previous.after + 1))],
                after: 0, page: page)
        }
        next.after = try await pages(query: [], after: next.after, page: page)
        let encoded = try JSONEncoder().encode(next)
        return String(decoding: encoded, as: UTF8.self)
    }

    /// Hands over the entries matching `query` with ids above `after`, a page at a time.
    /// - Returns: the highest id handed over (`after` when none).
    private func pages(query: [(String, String)], after: Int64, page: (RemoteEntryPage) async throws -> Void) async throws -> Int64 {
        var last = after
        while true {
            try Task.checkCancellation()
            let answer = try await call(
                MinifluxAPI.Entries.self, .get, "/v1/entries",
                query: Self.statuses + query + [
                    ("order", "id"), ("direction", "asc"), ("limit", String(Self.pageSize)), ("after_entry_id", String(last)),
                ])
            let entries = answer.entries.filter { $0.id > last }
            guard !entries.isEmpty else { return last }
            try await page(RemoteEntryPage(entries: entries.map(Self.remoteEntry)))
            last = entries.map(\.id).max() ?? last
            if answer.entries.count < Self.pageSize { return last }
        }
    }

    /// The service's clock now: the `Date` of its answer to `/v1/me`, else (a server that sends
    /// none) the `changed_at` of the entry changed last.
    private func serviceTime() async throws(SyncError) -> Date? {
        let response = try await connection.call(.get, "/v1/me", headers: authorization, explain: Self.explanation)
        if let date = response.date { return date }
        return try await call(
            MinifluxAPI.Entries.self, .get, "/v1/entries",
            query: Self.statuses + [("order", "changed_at"), ("direction", "desc"), ("limit", "1")]
        ).entries.first.flatMap { $0.changedAt.flatMap(DateParser.parse) }
    }

    /// Read and unread entries: `removed` ones are gone from the reader's point of view.
    private static let statuses = [("status", "unread"), ("status", "read")]

    static func remoteEntry(_ entry: MinifluxAPI.Entry) -> RemoteEntry {
        let url = entry.url.flatMap { $0.isEmpty ? nil : $0 }
        let published = entry.publishedAt.flatMap(DateParser.parse)
        let item = ParsedItem(
            // miniflux keeps no guid, only a hash of it: the link identifies the entry, the hash
            // where there is no link.
            id: url == nil ? entry.hash.map { "miniflux:\($0)" } : nil,
            title: entry.title, link: url, author: entry.author.flatMap { $0.isEmpty ? nil : $0 },
            published: published, updated: nil, summary: nil, content: entry.content,
            categories: entry.tags ?? [],
            enclosures: (entry.enclosures ?? []).map {
                Enclosure(url: $0.url, type: $0.mimeType.flatMap { $0.isEmpty ? nil : $0 }, length: $0.size.flatMap { $0 > 0 ? $0 : nil })
            },
            titleType: .text)
        return RemoteEntry(
            id: String(entry.id), subscriptionID: String(entry.feedID), item: item, read: entry.status == "read",
            starred: entry.starred, changedAt: entry.changedAt.flatMap(DateParser.parse))
    }
}

import FeedEntities
import FeedIPC
import FeedParsing
import FeedStorage
import Foundation

/// Read and bookkeeping use cases over the store: listing, searching, reading, reading state,
/// tags and titles, imports, unsubscribing. Item use cases are in `LibraryInteractor+Items.swift`.
public struct LibraryInteractor: Sendable {
    /// Renders HTML as terminal text: `(html, width, baseURL)`.
    public typealias Renderer = @Sendable (_ html: String, _ width: Int, _ baseURL: String?) -> RenderedContent

    let store: any FeedStore
    let indexer: SearchIndexer
    private let render: Renderer

    public init(store: any FeedStore, render: @escaping Renderer, indexer: SearchIndexer? = nil) {
        self.store = store
        self.render = render
        self.indexer = indexer ?? SearchIndexer(store: store)
    }

    /// Every feed, or those with `tag` (case-insensitive).
    public func feeds(tagged tag: String? = nil) async throws -> [Feed] {
        let feeds = try await store.feeds()
        guard let tag = tag?.trimmingCharacters(in: .whitespaces).lowercased(), !tag.isEmpty else { return feeds }
        return feeds.filter { $0.tags.contains { $0.lowercased() == tag } }
    }

    /// Adds and removes tags of the feed `selector` names.
    /// - Throws: `LibraryError`, `FeedStoreError.invalidTag`.
    public func tag(_ selector: String, adding: [String], removing: [String]) async throws -> Feed {
        try await store.tagFeed(id: try await resolveFeed(selector).id, adding: adding, removing: removing)
    }

    /// Gives the feed `selector` names the user's own title; `nil` or blank goes back to the document's.
    public func rename(_ selector: String, to title: String?) async throws -> Feed {
        try await store.renameFeed(id: try await resolveFeed(selector).id, title: title)
    }

    /// Subscribes to the feeds of an OPML document or newsboat `urls` file, without fetching.
    /// - Throws: `SubscriptionListError` when the document cannot be read, `FeedStoreError.invalidTag`.
    public func importFeeds(_ document: String, format: ImportFormat?) async throws -> RPC.Import.Result {
        let list = try SubscriptionList.read(document, format: format.map { $0 == .opml ? .opml : .newsboat })
        let stored = try await store.importFeeds(
            list.entries.map { FeedImport(url: $0.url, title: $0.title, tags: $0.tags) }, at: Date())
        return RPC.Import.Result(
            format: list.format == .opml ? .opml : .newsboat, added: stored.added, existing: stored.existing,
            skipped: list.skipped.map { ImportSkip(entry: $0.entry, location: $0.location, reason: $0.reason) })
    }

    /// The item's content (else its summary) as text at `width` columns (clamped to 20...500),
    /// links resolved against the item's link.
    public func rendered(_ item: Item, width: Int) -> RenderedContent {
        render(item.content ?? item.summary ?? "", min(max(width, 20), 500), item.link)
    }

    /// Removes a feed and its items.
    public func unsubscribe(_ selector: String) async throws -> Feed {
        let feed = try await resolveFeed(selector)
        guard let removed = try await store.removeFeed(id: feed.id) else { throw LibraryError.noSuchFeed(selector) }
        return removed
    }

    /// Finds a feed by number, URL, exact title, or unambiguous title prefix (case-insensitive).
    public func resolveFeed(_ selector: String) async throws -> Feed {
        let feeds = try await store.feeds()
        let trimmed = selector.trimmingCharacters(in: .whitespaces)
        if let number = Int64(trimmed), let feed = feeds.first(where: { $0.id == number }) { return feed }
        if let feed = feeds.first(where: { $0.url == trimmed }) { return feed }
        let needle = trimmed.lowercased()
        guard !needle.isEmpty else { throw LibraryError.noSuchFeed(selector) }
        let exact = feeds.filter { $0.title.lowercased() == needle }
        if exact.count == 1 { return exact[0] }
        let prefixed = feeds.filter { $0.title.lowercased().hasPrefix(needle) }
        switch prefixed.count {
        case 0: throw LibraryError.noSuchFeed(selector)
        case 1: return prefixed[0]
        default: throw LibraryError.ambiguousFeed(selector, candidates: prefixed.map(\.title))
        }
    }
}

extension LibraryInteractor {
    /// The renderer the daemon uses: libxml2's HTML parser through `HTMLTextRenderer`.
    public static let libXMLRenderer: Renderer = { html, width, baseURL in
        let text = HTMLTextRenderer(width: width).render(html, baseURL: baseURL)
        return RenderedContent(text: text.text, links: text.links, truncated: text.isTruncated)
    }
}

/// Lookups that found nothing, or too much.
public enum LibraryError: Error, Sendable, Equatable, CustomStringConvertible {
    case noSuchItem(Int64)
    case noSuchFeed(String)
    case ambiguousFeed(String, candidates: [String])
    /// A search with no word to look for.
    case emptySearch(String)
    /// A search longer than the daemon searches (`bytes` of UTF-8, `limit` at most).
    case searchTooLong(bytes: Int, limit: Int)

    public var description: String {
        switch self {
        case .emptySearch(let query): "'\(query)' holds no word to search for"
        case .searchTooLong(let bytes, let limit): "the search is \(bytes) bytes long; at most \(limit) are searched"
        case .noSuchItem(let number): "no item \(number)"
        case .noSuchFeed(let selector): "no feed matches '\(selector)'"
        case .ambiguousFeed(let selector, let candidates):
            "'\(selector)' matches several feeds: \(candidates.prefix(5).joined(separator: ", "))"
        }
    }
}

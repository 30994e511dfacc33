import FeedEntities
import FeedIPC
import FeedParsing
import FeedStorage
import Foundation

/// Read and bookkeeping use cases over the store: listing, reading, reading state, unsubscribing.
public struct LibraryInteractor: Sendable {
    /// Renders HTML as terminal text: `(html, width, baseURL)`.
    public typealias Renderer = @Sendable (_ html: String, _ width: Int, _ baseURL: String?) -> RenderedContent

    private let store: any FeedStore
    private let render: Renderer

    public init(store: any FeedStore, render: @escaping Renderer) {
        self.store = store
        self.render = render
    }

    public func feeds() async throws -> [Feed] {
        try await store.feeds()
    }

    /// Items newest first, without content.
    /// - Throws: `LibraryError` when `feed` matches no feed or several.
    public func items(unreadOnly: Bool, feed selector: String?, limit: Int?) async throws -> [Item] {
        var feedID: Int64?
        if let selector { feedID = try await resolveFeed(selector).id }
        return try await store.items(ItemQuery(unreadOnly: unreadOnly, feedID: feedID, limit: limit))
    }

    /// One item with its content.
    /// - Throws: `LibraryError.noSuchItem`.
    public func item(number: Int64) async throws -> Item {
        guard let item = try await store.item(id: number) else { throw LibraryError.noSuchItem(number) }
        return item
    }

    /// The item's content (else its summary) as text at `width` columns (clamped to 20...500),
    /// links resolved against the item's link.
    public func rendered(_ item: Item, width: Int) -> RenderedContent {
        render(item.content ?? item.summary ?? "", min(max(width, 20), 500), item.link)
    }

    /// - Returns: how many items changed state.
    public func markRead(numbers: [Int64], read: Bool) async throws -> Int {
        try await store.markRead(ids: numbers, read: read)
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

    public var description: String {
        switch self {
        case .noSuchItem(let number): "no item \(number)"
        case .noSuchFeed(let selector): "no feed matches '\(selector)'"
        case .ambiguousFeed(let selector, let candidates):
            "'\(selector)' matches several feeds: \(candidates.prefix(5).joined(separator: ", "))"
        }
    }
}

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
    /// The feed failures the store could not record yet, shown as if it had
    /// (`WriteBacklog.overlaying`), and the storage error for `status`.
    public let backlog: WriteBacklog
    let render: Renderer

    /// - Parameter backlog: the refresh use case's (`RefreshInteractor.backlog`), so that the
    ///   failures it could not write are shown.
    public init(
        store: any FeedStore, render: @escaping Renderer, indexer: SearchIndexer? = nil, backlog: WriteBacklog = WriteBacklog()
    ) {
        self.store = store
        self.render = render
        self.indexer = indexer ?? SearchIndexer(store: store)
        self.backlog = backlog
    }

    /// Every feed, or those with `tag` (case-insensitive), with the failures not yet written
    /// shown as the store will record them.
    public func feeds(tagged tag: String? = nil) async throws -> [Feed] {
        let feeds = backlog.overlaying(try await store.feeds())
        guard let tag = tag?.trimmingCharacters(in: .whitespaces).lowercased(), !tag.isEmpty else { return feeds }
        return feeds.filter { $0.tags.contains { $0.lowercased() == tag } }
    }

    /// Adds and removes tags of the feed `selector` names.
    /// - Throws: `LibraryError`, `FeedStoreError.invalidTag`.
    public func tag(_ selector: String, adding: [String], removing: [String]) async throws -> Feed {
        try await store.tagFeed(id: try await resolveFeed(selector).id, adding: adding, removing: removing)
    }

    /// Gives the feed `selector` names the user's own title; `nil` or blank goes back to the document's.
    /// - Throws: `LibraryError` (the selector is resolved as for a change, `FeedChange.rename`),
    ///   `FeedStoreError.invalidTitle`.
    public func rename(_ selector: String, to title: String?) async throws -> Feed {
        try await store.renameFeed(id: try await resolveFeed(selector, toChange: .rename).id, title: title)
    }

    /// The item's content (else its summary) as text at `width` columns (clamped to 20...500),
    /// links resolved against the item's link.
    public func rendered(_ item: Item, width: Int) -> RenderedContent {
        render(item.content ?? item.summary ?? "", min(max(width, 20), 500), item.link)
    }

    /// Unsubscribes from the feed `selector` names (resolved as for a change,
    /// `FeedChange.unsubscribe`): its items are deleted, except its starred ones unless
    /// `deleteStarred` (see `FeedStore.removeFeed`).
    /// - Returns: the feed as it was, and how many items were deleted and kept.
    /// - Throws: `LibraryError`.
    public func unsubscribe(_ selector: String, deleteStarred: Bool = false) async throws -> FeedRemoval {
        let feed = try await resolveFeed(selector, toChange: .unsubscribe)
        guard let removal = try await store.removeFeed(id: feed.id, keepStarred: !deleteStarred) else {
            throw LibraryError.noSuchFeed(selector)
        }
        return removal
    }

    /// The shortest title prefix that names a feed to change (`FeedChange`), unless it is the
    /// whole title: one or two letters pick a feed by accident too easily for a command that
    /// deletes or rewrites.
    public static let minimumChangePrefix = 3

    /// Finds a feed by number, URL, exact title, or unambiguous title prefix (case-insensitive).
    /// To `change` a feed, a prefix must also be at least `minimumChangePrefix` characters long.
    /// A number no feed has names only a feed titled exactly so, never one whose title starts
    /// with it: a client that names a feed by number (the reader) must not reach another feed
    /// when its feed was unsubscribed meanwhile.
    /// - Throws: `LibraryError.noSuchFeed`, `.ambiguousFeed` (several titles start so; the error
    ///   names them with their numbers), `.prefixTooShort`.
    public func resolveFeed(_ selector: String, toChange change: FeedChange? = nil) async throws -> Feed {
        let trimmed = selector.trimmingCharacters(in: .whitespaces)
        let number = Int64(trimmed)
        // A number is one look-up; a URL or title is matched against the names alone, not
        // against every feed's counters, tags and settings.
        if let number, let feed = try await store.feed(id: number) { return feed }
        let names = try await store.feedNames()
        let name = try Self.pick(names, selector: selector, trimmed: trimmed, isNumber: number != nil, change: change)
        guard let feed = try await store.feed(id: name.id) else { throw LibraryError.noSuchFeed(selector) }
        return feed
    }

    /// The feed among `names` whose URL is `trimmed`, else whose title is, else the only one
    /// whose title starts with it (case-insensitively).
    private static func pick(
        _ names: [FeedName], selector: String, trimmed: String, isNumber: Bool, change: FeedChange?
    ) throws -> FeedName {
        if let name = names.first(where: { $0.url == trimmed }) { return name }
        let needle = trimmed.lowercased()
        guard !needle.isEmpty else { throw LibraryError.noSuchFeed(selector) }
        let exact = names.filter { $0.title.lowercased() == needle }
        if exact.count == 1 { return exact[0] }
        if isNumber, exact.isEmpty { throw LibraryError.noSuchFeed(trimmed) }
        let prefixed = names.filter { $0.title.lowercased().hasPrefix(needle) }
        switch prefixed.count {
        case 0: throw LibraryError.noSuchFeed(selector)
        case 1:
            if let change, needle.count < Self.minimumChangePrefix {
                throw LibraryError.prefixTooShort(trimmed, change: change, candidate: LibraryError.named(prefixed[0]))
            }
            return prefixed[0]
        default: throw LibraryError.ambiguousFeed(trimmed, candidates: prefixed.map(LibraryError.named))
        }
    }
}

/// A change to a whole feed, for which a feed selector must be surer than for reading
/// (`LibraryInteractor.resolveFeed(_:toChange:)`).
public enum FeedChange: Sendable, Equatable {
    case unsubscribe
    case rename
    /// Marking every item of the feed read (`true`) or unread.
    case markItems(read: Bool)

    /// `unsubscribe from`, as in "to unsubscribe from".
    var phrase: String {
        switch self {
        case .unsubscribe: "unsubscribe from"
        case .rename: "rename"
        case .markItems(let read): "mark \(read ? "read" : "unread")"
        }
    }
}

extension LibraryInteractor {
    /// The renderer the daemon uses: libxml2's HTML parser through `HTMLTextRenderer`.
    public static let libXMLRenderer: Renderer = { html, width, baseURL in
        let text = HTMLTextRenderer(width: width).render(html, baseURL: baseURL)
        return RenderedContent(
            text: text.text, links: text.links, truncated: text.isTruncated, images: text.images.isEmpty ? nil : text.images)
    }
}

/// Lookups that found nothing, or too much.
public enum LibraryError: Error, Sendable, Equatable, CustomStringConvertible {
    case noSuchItem(Int64)
    case noSuchFeed(String)
    /// A selector several feed titles start with; the candidates as `named` writes them.
    case ambiguousFeed(String, candidates: [String])
    /// A title prefix shorter than `LibraryInteractor.minimumChangePrefix` for a change.
    case prefixTooShort(String, change: FeedChange, candidate: String)
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
            "'\(selector)' matches \(candidates.count) feeds: \(Self.list(candidates)); give the number or URL"
        case .prefixTooShort(let selector, let change, let candidate):
            "'\(selector)' is too short to pick the feed to \(change.phrase) (it matches \(candidate)): "
                + "give the number or URL, or at least \(LibraryInteractor.minimumChangePrefix) characters of the title"
        }
    }

    /// `2 Kernel Notes`: a feed as errors name it, by number and title.
    static func named(_ feed: FeedName) -> String {
        "\(feed.id) \(feed.title)"
    }

    /// At most eight candidates, then how many more there are: a message stays one line.
    private static func list(_ candidates: [String]) -> String {
        let shown = candidates.prefix(8).joined(separator: ", ")
        return candidates.count > 8 ? "\(shown) and \(candidates.count - 8) more" : shown
    }
}

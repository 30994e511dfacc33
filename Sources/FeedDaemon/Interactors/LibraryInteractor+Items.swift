import FeedEntities
import FeedIPC
import FeedStorage
import Foundation

extension LibraryInteractor {
    /// Items newest first, without content, as `params` filter them; a page of them with
    /// `after`, `before` or `fromEnd`, and with `withPosition` where the page lies in the
    /// whole listing.
    /// - Throws: `LibraryError` when `feed` matches no feed or several, or `search` has no word
    ///   or is too long; `InvalidParams` for `after` with `before`, or `fromEnd` with either, or
    ///   a `where` that is no query (its message says why);
    ///   `FeedStoreError.itemNotFound` when `after` or `before` names no item;
    ///   `FeedStoreError.invalidSearch`.
    /// - Parameter view: the query of the saved view `params.view` names, which holds beside
    ///   the other filters (`ViewsInteractor.view(named:)` reads it).
    public func items(_ params: RPC.ListItems.Params, view: ItemFilter? = nil) async throws -> RPC.ListItems.Result {
        let fromEnd = params.fromEnd ?? false
        if params.after != nil && params.before != nil {
            throw InvalidParams("give at most one of after and before")
        }
        if fromEnd && (params.after != nil || params.before != nil) {
            throw InvalidParams("fromEnd cannot be combined with after or before")
        }
        let order = try params.order.map { name in
            guard let order = ItemOrder(rawValue: name) else {
                throw InvalidParams("order is one of \(ItemOrder.allCases.map(\.rawValue).joined(separator: ", ")), not '\(name)'")
            }
            return order
        } ?? .date
        var match: String?
        if let search = params.search {
            match = try Self.searchExpression(search)
            try await indexer.catchUp()
        }
        var filter: ItemFilter?
        if let text = params.where {
            do {
                filter = try ItemFilter(parsing: text)
            } catch {
                throw InvalidParams("where: \(error)")
            }
            if filter?.usesSearchIndex == true, match == nil { try await indexer.catchUp() }
        }
        if let view { filter = filter.map { .all([view, $0]) } ?? view }
        var query = ItemQuery(
            unreadOnly: params.unreadOnly ?? true, starredOnly: params.starredOnly ?? false,
            feedID: try await params.feed.asyncMap { try await resolveFeed($0).id },
            tag: params.tag, since: params.since, match: match, limit: params.limit,
            includeHidden: params.includeHidden ?? false,
            listedAfter: params.after, listedBefore: params.before, fromEnd: fromEnd)
        query.order = order
        query.filter = filter
        let page = try await store.itemPage(query, withPosition: params.withPosition ?? false)
        return RPC.ListItems.Result(items: page.items, total: page.position?.total, offset: page.position?.offset)
    }

    /// The FTS5 expression for what the user typed.
    /// - Throws: `LibraryError.searchTooLong` past `RPC.Search.maximumQueryBytes`, `.emptySearch`
    ///   when it holds no word.
    private static func searchExpression(_ query: String) throws(LibraryError) -> String {
        let bytes = query.utf8.count
        guard bytes <= RPC.Search.maximumQueryBytes else {
            throw .searchTooLong(bytes: bytes, limit: RPC.Search.maximumQueryBytes)
        }
        guard let expression = SearchExpression.fts5(from: query) else { throw .emptySearch(query) }
        return expression
    }

    /// Full-text search, best match first; brings the index up to date first. When the storage
    /// refuses that write (`FeedStoreDatabaseError.isStorageFailure`), searches what is indexed
    /// and says so (`partial`, with how many items wait); any other failure is thrown.
    public func search(_ params: RPC.Search.Params) async throws -> RPC.Search.Result {
        let expression = try Self.searchExpression(params.query)
        var refused: FeedStoreDatabaseError?
        do {
            try await indexer.catchUp()
        } catch let error as FeedStoreDatabaseError where error.isStorageFailure {
            refused = error
        }
        let results = try await store.search(SearchQuery(
            match: expression, unreadOnly: params.unreadOnly ?? false,
            feedID: try await params.feed.asyncMap { try await resolveFeed($0).id },
            tag: params.tag, limit: params.limit ?? 50))
        let hits = results.map { SearchHit(item: $0.item, title: $0.highlightedTitle, snippet: $0.snippet) }
        guard let refused else { return RPC.Search.Result(hits: hits) }
        return RPC.Search.Result(
            hits: hits, partial: true, unindexed: try? await store.unindexedItemCount(), partialReason: refused.reason)
    }

    /// One item with its content.
    /// - Throws: `LibraryError.noSuchItem`.
    public func item(number: Int64) async throws -> Item {
        guard let item = try await store.item(id: number) else { throw LibraryError.noSuchItem(number) }
        return item
    }

    /// Marks the listed items, every item, or a feed's items read or unread (the feed resolved
    /// as for a change, `FeedChange.markItems`).
    /// - Throws: `LibraryError` for an unknown feed; `InvalidParams` unless exactly one selection is given.
    public func markRead(_ params: RPC.MarkRead.Params) async throws -> ItemStateChange {
        let read = params.read ?? true
        let selections = [params.numbers != nil, params.all == true, params.feed != nil, params.view != nil].filter { $0 }.count
        guard selections == 1, params.view == nil else {
            throw InvalidParams("give exactly one of numbers, all (true), feed and view")
        }
        if let numbers = params.numbers {
            return ItemStateChange(
                updated: try await store.markRead(ids: numbers, read: read), missing: try await store.unknownItems(numbers))
        }
        let feed = try await params.feed.asyncMap { try await resolveFeed($0, toChange: .markItems(read: read)) }
        return ItemStateChange(updated: try await store.markAllRead(feedID: feed?.id, read: read), feed: feed)
    }

    /// Stars or unstars items, and the other copies of the same articles.
    public func star(_ params: RPC.Star.Params) async throws -> ItemStateChange {
        ItemStateChange(
            updated: try await store.setStarred(ids: params.numbers, starred: params.starred ?? true),
            missing: try await store.unknownItems(params.numbers))
    }
}

extension Optional {
    /// `map` with an async, throwing transform.
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}

extension LibraryInteractor {
    /// The store's counters, for `status`; failing feeds count the failures not yet written.
    public func statistics() async throws -> StoreStatistics {
        var statistics = try await store.statistics()
        if !backlog.unwrittenFailures.isEmpty {
            statistics.failingFeeds = try await feeds().filter { $0.lastError != nil || $0.goneSince != nil }.count
        }
        return statistics
    }
}

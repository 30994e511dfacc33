import FeedEntities
import FeedIPC

/// Pages through a listing with `items.list`'s anchors and positions, and changes items'
/// state, through the screens' daemon connection. A search's results come best match first,
/// as `tidings search` ranks them (`items.search`), paged here from the ranked list.
@MainActor
public final class ReaderItemsInteractor: ReaderItemsUseCase {
    private let daemon: ThreadedDaemonClient
    public var order = ItemOrder.date
    /// The ranked results of the search listed last, for the pages after the first.
    private var ranked: (source: ItemSource, items: [Item])?
    /// How many matches a search ranks: `items.search` ranks the newest 500.
    static let rankedLimit = 500

    public init(daemon: ThreadedDaemonClient) {
        self.daemon = daemon
    }

    public func page(of source: ItemSource, from anchor: ItemPageAnchor, limit: Int, unreadOnly: Bool) async throws -> ReaderItemsPage {
        if case .search = source {
            // A page with its position starts (or restarts) the listing: the ranking is asked
            // for again, so that new and changed items count.
            let items = try await rankedItems(of: source, fresh: true)
            let listed = unreadOnly ? items.filter { !$0.isRead } : items
            let (page, offset) = try Self.slice(items, from: anchor, limit: limit, unreadOnly: unreadOnly)
            return ReaderItemsPage(items: page, offset: offset, total: listed.count)
        }
        let result = try await daemon.request(
            RPC.ListItems.self, Self.params(source, anchor, limit: limit, unreadOnly: unreadOnly, withPosition: true, order: order))
        return ReaderItemsPage(items: result.items, offset: result.offset ?? 0, total: result.total ?? result.items.count)
    }

    public func items(of source: ItemSource, from anchor: ItemPageAnchor, limit: Int, unreadOnly: Bool) async throws -> [Item] {
        if case .search = source {
            // The next unread one is asked of items read meanwhile: the ranking again then.
            return try Self.slice(try await rankedItems(of: source, fresh: unreadOnly), from: anchor, limit: limit, unreadOnly: unreadOnly).items
        }
        return try await daemon.request(
            RPC.ListItems.self, Self.params(source, anchor, limit: limit, unreadOnly: unreadOnly, withPosition: false, order: order)).items
    }

    private static func params(
        _ source: ItemSource, _ anchor: ItemPageAnchor, limit: Int, unreadOnly: Bool, withPosition: Bool, order: ItemOrder = .date
    ) -> RPC.ListItems.Params {
        var params = listing(source)
        if order != .date { params.order = order.rawValue }
        if unreadOnly { params.unreadOnly = true }
        params.limit = limit
        params.withPosition = withPosition
        switch anchor {
        case .top: break
        case .after(let number): params.after = number
        case .before(let number): params.before = number
        case .end: params.fromEnd = true
        }
        return params
    }

    /// The search's matches, best first, asked of the daemon when `fresh` or not asked yet.
    private func rankedItems(of source: ItemSource, fresh: Bool) async throws -> [Item] {
        if !fresh, let ranked, ranked.source == source { return ranked.items }
        guard case .search(let query, let scope) = source else { return [] }
        var params = RPC.Search.Params(query: query, limit: Self.rankedLimit)
        switch scope {
        case .everything: break
        case .feed(let number, _): params.feed = String(number)
        case .tag(let tag): params.tag = tag
        }
        let items = try await daemon.request(RPC.Search.self, params).hits.map(\.item)
        ranked = (source, items)
        return items
    }

    /// The page of `items` (a ranked list) at `anchor`, and where it starts among the items
    /// listed (the unread ones when `unreadOnly`); an anchor is found among all of them.
    /// - Throws: `DaemonRefusal.notFound` for an anchor not among them, as `items.list` does.
    static func slice(
        _ items: [Item], from anchor: ItemPageAnchor, limit: Int, unreadOnly: Bool
    ) throws -> (items: [Item], offset: Int) {
        func index(of number: Int64) throws -> Int {
            guard let index = items.firstIndex(where: { $0.id == number }) else {
                throw DaemonRefusal.notFound(message: "item \(number) is not among the results")
            }
            return index
        }
        let range: Range<Int>
        switch anchor {
        case .top: range = 0..<items.count
        case .end: range = 0..<items.count
        case .after(let number): range = (try index(of: number) + 1)..<items.count
        case .before(let number): range = 0..<(try index(of: number))
        }
        let candidates = range.filter { !unreadOnly || !items[$0].isRead }
        let listedBefore = { (index: Int) in (0..<index).count { !unreadOnly || !items[$0].isRead } }
        let chosen: ArraySlice<Int>
        switch anchor {
        case .top, .after: chosen = candidates.prefix(limit)
        case .end, .before: chosen = candidates.suffix(limit)
        }
        return (chosen.map { items[$0] }, chosen.first.map(listedBefore) ?? 0)
    }

    public func setRead(_ numbers: [Int64], read: Bool) async throws {
        _ = try await daemon.request(RPC.MarkRead.self, .init(numbers: numbers, read: read))
    }

    public func setStarred(_ number: Int64, starred: Bool) async throws {
        _ = try await daemon.request(RPC.Star.self, .init(numbers: [number], starred: starred))
    }

    public func markAllRead(of source: ItemSource) async throws -> Int {
        switch source {
        case .allUnread:
            return try await daemon.request(RPC.MarkRead.self, .init(all: true, read: true)).updated
        case .feed(let number, _):
            return try await daemon.request(RPC.MarkRead.self, .init(feed: String(number), read: true)).updated
        case .view(let name):
            return try await daemon.request(RPC.MarkRead.self, .init(view: name, read: true)).updated
        case .starred, .tag, .search:
            // No selection names these listings: their unread items, by number, a page at a
            // time (marked ones leave the unread listing, so each page is the next one), never
            // the whole listing in one request.
            var params = Self.listing(source)
            params.unreadOnly = true
            params.limit = Self.markingPage
            var changed = 0
            while true {
                let numbers = try await daemon.request(RPC.ListItems.self, params).items.map(\.id)
                guard !numbers.isEmpty else { return changed }
                let updated = try await daemon.request(RPC.MarkRead.self, .init(numbers: numbers, read: true)).updated
                changed += updated
                // Nothing changed: the page stays unread (a copy whose original is read); stop.
                if updated == 0 || numbers.count < Self.markingPage { return changed }
            }
        }
    }

    /// Items marked read per request when a listing has no selection of its own.
    static let markingPage = 500

    public func openTarget(of item: Item, enclosure: Bool) throws(OpenTargetError) -> String {
        try OpenTarget.of(item, enclosure: enclosure)
    }

    /// `tidings list`'s filters for `source`: read items too, except in "All unread".
    static func listing(_ source: ItemSource) -> RPC.ListItems.Params {
        switch source {
        case .allUnread:
            return .init(unreadOnly: true)
        case .starred:
            return .init(unreadOnly: false, starredOnly: true)
        case .feed(let number, _):
            return .init(unreadOnly: false, feed: String(number))
        case .tag(let tag):
            return .init(unreadOnly: false, tag: tag)
        case .view(let name):
            return .init(unreadOnly: false, view: name)
        case .search(let query, let scope):
            var params = RPC.ListItems.Params(unreadOnly: false, search: query)
            switch scope {
            case .everything: break
            case .feed(let number, _): params.feed = String(number)
            case .tag(let tag): params.tag = tag
            }
            return params
        }
    }
}

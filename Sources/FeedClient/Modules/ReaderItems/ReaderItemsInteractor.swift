import FeedEntities
import FeedIPC

/// Pages through a listing with `items.list`'s anchors and positions, and changes items'
/// state, through the screens' daemon connection.
@MainActor
public final class ReaderItemsInteractor: ReaderItemsUseCase {
    private let daemon: ThreadedDaemonClient

    public init(daemon: ThreadedDaemonClient) {
        self.daemon = daemon
    }

    public func page(of source: ItemSource, from anchor: ItemPageAnchor, limit: Int, unreadOnly: Bool) async throws -> ItemPage {
        let result = try await daemon.call(
            RPC.ListItems.self, Self.params(source, anchor, limit: limit, unreadOnly: unreadOnly, withPosition: true))
        return ItemPage(items: result.items, offset: result.offset ?? 0, total: result.total ?? result.items.count)
    }

    public func items(of source: ItemSource, from anchor: ItemPageAnchor, limit: Int, unreadOnly: Bool) async throws -> [Item] {
        try await daemon.call(
            RPC.ListItems.self, Self.params(source, anchor, limit: limit, unreadOnly: unreadOnly, withPosition: false)).items
    }

    private static func params(
        _ source: ItemSource, _ anchor: ItemPageAnchor, limit: Int, unreadOnly: Bool, withPosition: Bool
    ) -> RPC.ListItems.Params {
        var params = listing(source)
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

    public func setRead(_ numbers: [Int64], read: Bool) async throws {
        _ = try await daemon.call(RPC.MarkRead.self, .init(numbers: numbers, read: read))
    }

    public func setStarred(_ number: Int64, starred: Bool) async throws {
        _ = try await daemon.call(RPC.Star.self, .init(numbers: [number], starred: starred))
    }

    public func markAllRead(of source: ItemSource) async throws -> Int {
        switch source {
        case .allUnread:
            return try await daemon.call(RPC.MarkRead.self, .init(all: true, read: true)).updated
        case .feed(let number, _):
            return try await daemon.call(RPC.MarkRead.self, .init(feed: String(number), read: true)).updated
        case .starred, .tag, .search:
            // No selection names these listings: their unread items, by number, a page at a
            // time (marked ones leave the unread listing, so each page is the next one), never
            // the whole listing in one request.
            var params = Self.listing(source)
            params.unreadOnly = true
            params.limit = Self.markingPage
            var changed = 0
            while true {
                let numbers = try await daemon.call(RPC.ListItems.self, params).items.map(\.id)
                guard !numbers.isEmpty else { return changed }
                let updated = try await daemon.call(RPC.MarkRead.self, .init(numbers: numbers, read: true)).updated
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

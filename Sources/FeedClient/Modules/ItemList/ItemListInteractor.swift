import FeedEntities
import FeedIPC

/// Reads items from the daemon.
public final class ItemListInteractor: ItemListUseCase {
    private let daemon: any DaemonClient
    private let clock: any WallClock

    /// - Parameter clock: what `--since 2d` counts back from, and the local zone of `--since 2026-11-01`.
    public init(daemon: any DaemonClient, clock: any WallClock) {
        self.daemon = daemon
        self.clock = clock
    }

    public func items(matching query: ItemListQuery) async throws -> [Item] {
        if query.filter != nil {
            try await DaemonPredates.check(daemon, minor: ProtocolVersion.whereMinor, feature: "list --where")
        }
        if query.view != nil {
            try await DaemonPredates.check(daemon, minor: ProtocolVersion.viewsMinor, feature: "list --view")
        }
        let params = RPC.ListItems.Params(
            unreadOnly: !(query.includeRead || query.starredOnly),
            starredOnly: query.starredOnly ? true : nil,
            feed: query.feed, tag: query.tag, since: query.since?.resolve(clock: clock),
            search: query.search, limit: query.limit, includeHidden: query.includeHidden ? true : nil,
            where: query.filter, view: query.view)
        return try await daemon.request(RPC.ListItems.self, params).items
    }

    public func tag(like selector: String) async -> String? {
        await FeedSelectorHint.tag(like: selector, daemon: daemon)
    }
}

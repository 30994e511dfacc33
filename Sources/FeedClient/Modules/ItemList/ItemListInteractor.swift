import FeedEntities
import FeedIPC

/// Reads items from the daemon.
public final class ItemListInteractor: ItemListUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func items(matching query: ItemListQuery) async throws -> [Item] {
        let params = RPC.ListItems.Params(unreadOnly: !query.includeRead, feed: query.feed, limit: query.limit)
        return try await daemon.call(RPC.ListItems.self, params).items
    }
}

import FeedEntities
import FeedIPC

/// Asks the daemon for its views, and to add or remove one.
public final class QueryFeedsInteractor: QueryFeedsUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func views() async throws -> [SavedView] {
        try await daemon.request(RPC.ListViews.self, .init(counts: true)).views
    }

    public func add(name: String, query: String, replace: Bool) async throws -> (view: SavedView, replaced: SavedView?) {
        let result = try await daemon.request(RPC.AddView.self, .init(name: name, query: query, replace: replace ? true : nil))
        return (result.view, result.replaced)
    }

    public func remove(name: String) async throws -> SavedView {
        try await daemon.request(RPC.RemoveView.self, .init(name: name)).view
    }
}

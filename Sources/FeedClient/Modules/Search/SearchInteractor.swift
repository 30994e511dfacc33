import FeedIPC

/// Searches through the daemon (SQLite FTS5 there).
public final class SearchInteractor: SearchUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func hits(for query: SearchQuery) async throws -> RPC.Search.Result {
        let params = RPC.Search.Params(
            query: query.text, unreadOnly: query.unreadOnly ? true : nil, feed: query.feed, tag: query.tag,
            limit: query.limit)
        return try await daemon.call(RPC.Search.self, params)
    }

    public func tag(like selector: String) async -> String? {
        await FeedSelectorHint.tag(like: selector, daemon: daemon)
    }
}

import FeedIPC

/// Searches through the daemon (SQLite FTS5 there).
public final class SearchInteractor: SearchUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func hits(for query: SearchRequest) async throws -> SearchResults {
        let params = RPC.Search.Params(
            query: query.text, unreadOnly: query.unreadOnly ? true : nil, feed: query.feed, tag: query.tag,
            limit: query.limit)
        let result = try await daemon.request(RPC.Search.self, params)
        let partial = result.partial == true ? PartialSearch(unindexed: result.unindexed, reason: result.partialReason) : nil
        return SearchResults(hits: result.hits, partial: partial)
    }

    public func tag(like selector: String) async -> String? {
        await FeedSelectorHint.tag(like: selector, daemon: daemon)
    }
}

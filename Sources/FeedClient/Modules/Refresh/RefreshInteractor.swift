import FeedEntities
import FeedIPC

/// Refreshes through the daemon. The client does not time this request out
/// (`UnixSocketDaemonClient` exempts `refresh`), since fetching every feed takes a while.
public final class RefreshInteractor: RefreshUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func refresh(_ selectors: [String]) async throws -> [RefreshOutcome] {
        try await daemon.call(RPC.Refresh.self, .init(feeds: selectors.isEmpty ? nil : selectors)).outcomes
    }
}

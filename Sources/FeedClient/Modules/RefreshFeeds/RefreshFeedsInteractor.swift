import FeedEntities
import FeedIPC

/// Refreshes through the daemon. The client does not time this request out
/// (`UnixSocketDaemonClient` exempts `refresh`), since fetching every feed takes a while.
public final class RefreshFeedsInteractor: RefreshFeedsUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func refresh(_ selectors: [String], progress: (RefreshProgress) -> Void) async throws -> [RefreshOutcome] {
        let params = RPC.Refresh.Params(feeds: selectors.isEmpty ? nil : selectors)
        return try await daemon.request(RPC.Refresh.self, params, notices: RPC.Refresh.Progress.self) { notice in
            // Progress is a courtesy: an unreadable report is passed over, the outcomes still come.
            guard case .received(let update) = notice else { return }
            progress(RefreshProgress(done: update.done, total: update.total, errors: update.errors, outcome: update.outcome))
        }.outcomes
    }
}

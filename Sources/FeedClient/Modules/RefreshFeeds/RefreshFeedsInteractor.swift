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
        let decoder = WireCoding.makeDecoder()
        return try await daemon.request(RPC.Refresh.self, .init(feeds: selectors.isEmpty ? nil : selectors)) { line in
            // Other notifications, or a progress this client cannot read, are not its business.
            guard let notification = try? decoder.decode(RPCIncomingNotification<RPC.Refresh.Progress>.self, from: line),
                notification.method == RPC.Refresh.Progress.method
            else { return }
            let update = notification.params
            progress(RefreshProgress(done: update.done, total: update.total, errors: update.errors, outcome: update.outcome))
        }.outcomes
    }
}

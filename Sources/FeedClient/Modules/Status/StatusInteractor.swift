import FeedEntities
import FeedIPC

/// Asks the daemon for its status.
public final class StatusInteractor: StatusUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func status() async throws -> DaemonStatus {
        try await daemon.request(RPC.Status.self, Empty())
    }
}

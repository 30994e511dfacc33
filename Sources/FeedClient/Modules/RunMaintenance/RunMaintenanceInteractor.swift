import FeedEntities
import FeedIPC

/// Asks the daemon to maintain its database.
public final class RunMaintenanceInteractor: RunMaintenanceUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func maintain(vacuum: Bool, retention: Bool) async throws -> MaintenanceResult {
        try await daemon.request(RPC.Maintenance.self, .init(vacuum: vacuum, retention: retention))
    }
}

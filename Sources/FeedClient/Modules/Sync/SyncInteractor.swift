import FeedEntities
import FeedIPC

/// Asks the daemon to sync, or how syncing stands.
public final class SyncInteractor: SyncUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func sync(full: Bool) async throws -> SyncStatus {
        try await daemon.request(RPC.RunSync.self, .init(full: full ? true : nil))
    }

    public func status() async throws -> SyncStatus {
        try await daemon.request(RPC.GetSyncStatus.self, Empty())
    }

    public func configPath() async -> String? {
        try? await daemon.request(RPC.Status.self, Empty()).configPath
    }
}

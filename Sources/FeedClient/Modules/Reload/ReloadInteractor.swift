import FeedIPC

/// Asks the daemon to reload its configuration.
public final class ReloadInteractor: ReloadUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func reload() async throws -> RPC.Reload.Result {
        try await daemon.call(RPC.Reload.self, Empty())
    }
}

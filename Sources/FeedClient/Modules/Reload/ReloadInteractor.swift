import FeedIPC

/// Asks the daemon to reload its configuration.
public final class ReloadInteractor: ReloadUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func reload() async throws -> ReloadedConfiguration {
        let result = try await daemon.call(RPC.Reload.self, Empty())
        return ReloadedConfiguration(
            configPath: result.configPath, changes: result.changes, rules: result.rules, hooks: result.hooks,
            notify: result.notify, refreshInterval: result.refreshInterval)
    }
}

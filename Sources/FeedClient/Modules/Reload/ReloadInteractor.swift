import FeedIPC

/// Asks the daemon to reload its configuration, and reads the reader's settings as the reader
/// would.
public final class ReloadInteractor: ReloadUseCase {
    private let daemon: any DaemonClient
    private let settings: any ClientSettings

    public init(daemon: any DaemonClient, settings: any ClientSettings) {
        self.daemon = daemon
        self.settings = settings
    }

    public func readerSettingsProblem() -> String? {
        do {
            _ = try settings.reader()
            return nil
        } catch {
            return "\(error)"
        }
    }

    public func reload() async throws -> ReloadedConfiguration {
        let result = try await daemon.request(RPC.Reload.self, Empty())
        return ReloadedConfiguration(
            configPath: result.configPath, changes: result.changes, rules: result.rules, hooks: result.hooks,
            notify: result.notify, refreshInterval: result.refreshInterval)
    }
}

import Logging
import ServiceLifecycle

/// Refreshes every feed when the daemon starts and then every `interval`.
public struct RefreshService: Service {
    private let refresher: RefreshInteractor
    private let interval: Duration
    private let logger: Logger

    public init(refresher: RefreshInteractor, interval: Duration, logger: Logger) {
        self.refresher = refresher
        self.interval = interval
        self.logger = logger
    }

    public func run() async throws {
        // Cancellation on shutdown aborts transfers in flight; each feed's write is one
        // transaction, so nothing half-stored remains.
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                _ = await refresher.refreshAll()
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return
                }
            }
        }
    }
}

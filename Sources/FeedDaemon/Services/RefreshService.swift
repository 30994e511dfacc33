import Logging
import ServiceLifecycle

/// Refreshes the feeds that are due when the daemon starts, then looks again every `interval`
/// (at most a minute): each feed has its own next check (`RefreshSchedule`), and a short look-up
/// interval also catches up soon after the machine wakes from sleep.
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
                // A pass that cannot read the feed list logged why; the next look tries again.
                _ = try? await refresher.refreshDue()
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return
                }
            }
        }
    }
}

// A name for the service group's log lines (the default dumps every stored property).
extension RefreshService: CustomStringConvertible { public var description: String { "RefreshService" } }

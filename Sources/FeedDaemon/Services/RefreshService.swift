import Foundation
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
                    try await Task.sleep(for: nextLook(after: Date()))
                } catch {
                    return
                }
            }
        }
    }

    /// How long to wait before the next look: `interval`, or less when the refreshes the
    /// storage refused are due again sooner (`WriteBacklog.retryAt`), so that they are retried
    /// when the backlog says (a minute after a refusal), not up to a whole interval later.
    func nextLook(after now: Date) -> Duration {
        guard let retryAt = refresher.backlog.retryAt else { return interval }
        let untilRetry = Duration.milliseconds(Int64((retryAt.timeIntervalSince(now) * 1000).rounded(.up)))
        return max(.seconds(1), min(interval, untilRetry))
    }
}

// A name for the service group's log lines (the default dumps every stored property).
extension RefreshService: CustomStringConvertible { public var description: String { "RefreshService" } }

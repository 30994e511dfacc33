import Foundation

/// When a feed is fetched next, from the outcome of the last attempt.
///
/// After a success: the configured interval, stretched when the feed itself asks to be polled
/// less often (`Cache-Control: max-age`, `Expires`, later `<ttl>` and `sy:updatePeriod`), never
/// shortened by it. After failures: the interval doubled per failure in a row, capped at 24 h
/// (never given up: a feed that comes back is picked up within a day), and never before a
/// `Retry-After` the server sent. Every delay but `Retry-After`'s is spread by ±10 % so that
/// feeds subscribed together do not stay in lockstep.
public struct RefreshSchedule: Sendable {
    /// Seconds between fetches of a healthy feed.
    public var interval: TimeInterval
    /// The longest delay backing off on failures may reach.
    public var maximumBackoff: TimeInterval
    /// The relative spread of delays.
    public var jitter: Double
    /// A uniformly distributed number in 0..<1.
    private let random: @Sendable () -> Double

    public init(
        interval: TimeInterval, maximumBackoff: TimeInterval = 24 * 3600, jitter: Double = 0.1,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.interval = max(1, interval)
        self.maximumBackoff = maximumBackoff
        self.jitter = jitter
        self.random = random
    }

    /// The next check after a successful attempt at `now`; `hint` is the feed's own idea of how
    /// long its content stays fresh, in seconds.
    public func afterSuccess(at now: Date, hint: Int?) -> Date {
        let delay = max(interval, hint.map(TimeInterval.init) ?? 0)
        return now.addingTimeInterval(spread(min(delay, maximumBackoff)))
    }

    /// The next check after the `failures`-th failure in a row at `now`.
    public func afterFailure(at now: Date, failures: Int, retryAfter: Int?) -> Date {
        let doublings = Double(min(max(failures - 1, 0), 32))
        let backoff = spread(min(interval * pow(2, doublings), maximumBackoff))
        return now.addingTimeInterval(max(backoff, retryAfter.map(TimeInterval.init) ?? 0))
    }

    private func spread(_ delay: TimeInterval) -> TimeInterval {
        delay * (1 - jitter + 2 * jitter * random())
    }
}

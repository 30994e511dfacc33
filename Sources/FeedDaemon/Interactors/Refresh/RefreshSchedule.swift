import FeedEntities
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

    /// The latest next check this schedule sets at `now` for a feed with `failures` failures in
    /// a row and the stored update `hint` (seconds): the interval stretched by the hint, or the
    /// backoff for that many failures, each spread to its top. Only `Retry-After` and the HTTP
    /// freshness hints (neither stored) may reach further.
    public func latestNextCheck(at now: Date, failures: Int, hint: Double?) -> Date {
        let delay =
            if failures > 0 {
                min(interval * pow(2, Double(min(failures - 1, 32))), maximumBackoff)
            } else {
                min(max(interval, hint ?? 0), maximumBackoff)
            }
        return now.addingTimeInterval(delay * (1 + jitter))
    }

    /// The next check `feed` should have at `now` when the clock was set back after running
    /// ahead, or `nil` when its stored one stands. A last attempt later than `now` is the sign:
    /// the stored next check was counted from a time that has not come, and is cut to the
    /// latest this schedule sets now (`latestNextCheck`), so the corrected clock costs at most
    /// one interval. While the clock runs forward the stored next check stands as it is, so
    /// `Retry-After` and HTTP freshness hints keep their effect.
    public func correctedNextCheck(of feed: Feed, at now: Date) -> Date? {
        guard let next = feed.nextCheck, let attempt = feed.lastAttempt, attempt > now else { return nil }
        let latest = latestNextCheck(at: now, failures: feed.consecutiveFailures, hint: feed.updateHint)
        return next > latest ? latest : nil
    }

    /// This schedule for `settings`' feed: its own `interval` in place of the global one (its
    /// hints and backoff still apply on top, and back-off may reach at least that interval).
    public func forFeed(_ settings: FeedSettings) -> RefreshSchedule {
        guard let own = settings.interval else { return self }
        var schedule = self
        schedule.interval = max(1, TimeInterval(own))
        schedule.maximumBackoff = max(maximumBackoff, schedule.interval)
        return schedule
    }

    private func spread(_ delay: TimeInterval) -> TimeInterval {
        delay * (1 - jitter + 2 * jitter * random())
    }
}

import Foundation
import Synchronization

/// The hosts whose pages the daemon leaves alone for a while: one that failed as a server fails
/// (no connection, a timeout, a 5xx, a 429 or 503 with `Retry-After`) is not asked for another
/// page until its wait is over, which doubles with each failure in a row (1 minute to 6 hours)
/// or is what its `Retry-After` asked. A page that answers resets its host. Kept in memory: a
/// restart forgets the waits, as it forgets a feed's failures in a pass.
final class HostBackoff: Sendable {
    private struct Wait {
        var failures: Int
        var until: Date
    }

    static let firstWait: TimeInterval = 60
    static let longestWait: TimeInterval = 6 * 3600

    private let waits = Mutex([String: Wait]())

    init() {}

    /// Whether `host` may be asked for a page at `now`.
    func allows(_ host: String, at now: Date) -> Bool {
        waits.withLock { $0[host].map { $0.until <= now } ?? true }
    }

    /// Notes a server failure of `host` at `now`; `retryAfter` is the server's own wait in
    /// seconds, when it gave one.
    /// - Returns: when the host may be asked again.
    @discardableResult
    func failed(_ host: String, at now: Date, retryAfter: Int? = nil) -> Date {
        waits.withLock { waits in
            let failures = (waits[host]?.failures ?? 0) + 1
            let doubled = Self.firstWait * pow(2, Double(min(failures - 1, 20)))
            let wait = retryAfter.map { min(Double($0), Self.longestWait) } ?? min(doubled, Self.longestWait)
            let until = now.addingTimeInterval(wait)
            waits[host] = Wait(failures: failures, until: until)
            return until
        }
    }

    /// Notes that `host` answered: its wait is over.
    func answered(_ host: String) {
        waits.withLock { _ = $0.removeValue(forKey: host) }
    }
}

import Foundation
import Synchronization
import TestSupport

/// Feeds of varied sizes (3 to 12 items of 100 to 4,000 bytes of text each); every third
/// feed moves on by one item each time it is fetched, so every refresh writes.
final class ChangingFeeds: Sendable {
    let urls: [String]
    private let fetchCounts: Mutex<[Int]>

    init(count: Int, server: TestHTTPServer) {
        urls = (0..<count).map { server.url("/feed/\($0).xml") }
        fetchCounts = Mutex(Array(repeating: 0, count: count))
        for feed in 0..<count {
            server.route("/feed/\(feed).xml") { [weak self] _ in
                guard let self else { return .status(404) }
                let fetch = self.fetchCounts.withLock { counts in
                    defer { counts[feed] += 1 }
                    return counts[feed]
                }
                let first = feed.isMultiple(of: 3) ? fetch : 0
                let body = ManyFeeds.rss(feed: feed, items: 3 + (feed * 7) % 10, first: first, padding: 100 + (feed * 131) % 3900)
                return .ok(body)
            }
        }
    }

    /// Requests answered so far.
    var fetches: Int { fetchCounts.withLock { $0.reduce(0, +) } }

    /// Returns once `count` requests have been answered, or after `timeout`.
    func wait(until count: Int, timeout: Duration = .seconds(10)) async {
        let deadline = ContinuousClock.now + timeout
        while fetches < count, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
}

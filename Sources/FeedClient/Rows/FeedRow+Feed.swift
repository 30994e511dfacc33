#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

extension FeedRow {
    /// `feed` as listings show it at `now`: `tidings feeds`, and the feeds `tidings import --json`
    /// reports, which must be the same objects.
    public init(_ feed: Feed, now: Date, clock: any WallClock) {
        let offset = feed.lastRefreshed.map { clock.utcOffset(at: $0) } ?? 0
        let lastError = feed.lastError.flatMap { $0.isEmpty ? nil : $0 }
        let health = Self.health(of: feed)
        let nextCheck = health == .gone ? nil : feed.nextCheck
        self.init(
            number: feed.id,
            title: feed.title,
            // A synced feed may still carry a password in its URL (subscribing takes it out).
            url: URLCredentials.redacted(feed.url),
            siteLink: feed.siteLink,
            unread: feed.unreadCount,
            total: feed.itemCount,
            lastRefreshedText: DateText.relative(feed.lastRefreshed, now: now, offset: offset),
            lastRefreshed: feed.lastRefreshed.map(DateText.iso8601),
            lastError: lastError,
            health: health,
            consecutiveFailures: feed.consecutiveFailures,
            httpStatus: feed.httpStatus,
            nextCheckText: nextCheck.map { DateText.until($0, now: now) },
            nextCheck: nextCheck.map(DateText.iso8601),
            goneSince: feed.goneSince.map(DateText.iso8601),
            tags: feed.tags,
            settings: feed.settings,
            synced: feed.synced)
        lastRefreshedCompact = DateText.relativeCompact(feed.lastRefreshed, now: now, offset: offset)
    }

    /// Gone after a `410`, failing while refreshes fail, else ok.
    public static func health(of feed: Feed) -> FeedHealth {
        let failed = feed.consecutiveFailures > 0 || !(feed.lastError ?? "").isEmpty
        return feed.goneSince != nil ? .gone : failed ? .failing : .ok
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Entities for tests, with plausible defaults.
enum Fixtures {
    /// 2026-11-22T10:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_795_341_600)

    static func item(
        _ number: Int64, title: String? = "Item \u{2116}", link: String? = "https://example.org/item",
        feed: String = "Planet Terminal", feedID: Int64 = 1, author: String? = nil,
        published: Date? = now, isRead: Bool = false
    ) -> Item {
        Item(
            id: number, feedID: feedID, feedTitle: feed, title: title, link: link, author: author,
            // Seen when published, or a day ago for an older or undated item: never before it
            // was published, or the date would not be believed (`Item.displayDate`).
            published: published, firstSeen: max(published ?? .distantPast, now.addingTimeInterval(-86_400)), isRead: isRead)
    }

    static func feed(
        _ number: Int64, title: String = "Planet Terminal", url: String = "https://planet.example.org/rss.xml",
        lastRefreshed: Date? = now, lastError: String? = nil, items: Int = 10, unread: Int = 3
    ) -> Feed {
        Feed(
            id: number, url: url, title: title, siteLink: "https://planet.example.org/",
            subscribedAt: now.addingTimeInterval(-7 * 86_400), lastRefreshed: lastRefreshed,
            lastError: lastError, itemCount: items, unreadCount: unread)
    }
}

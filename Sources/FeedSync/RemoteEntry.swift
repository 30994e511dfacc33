#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// An entry as the service holds it: the item, which subscription it belongs to and its state.
public struct RemoteEntry: Sendable, Hashable {
    /// The service's id for it, as text.
    public var id: String
    /// `RemoteSubscription.id` of its feed.
    public var subscriptionID: String
    /// What the entry says, as a parser would have read it from the feed: its `id` is the
    /// feed's guid where the service keeps one, and its HTML stays HTML.
    public var item: ParsedItem
    public var read: Bool
    public var starred: Bool
    /// When the service last changed the entry's state (or the entry), where it records that.
    public var changedAt: Date?

    public init(id: String, subscriptionID: String, item: ParsedItem, read: Bool, starred: Bool, changedAt: Date? = nil) {
        self.id = id
        self.subscriptionID = subscriptionID
        self.item = item
        self.read = read
        self.starred = starred
        self.changedAt = changedAt
    }
}

/// One page of `SyncService.entries(since:page:)`.
public struct RemoteEntryPage: Sendable {
    public var entries: [RemoteEntry]

    public init(entries: [RemoteEntry]) {
        self.entries = entries
    }
}

/// The read and starred state of every entry of the account, as ids.
public struct RemoteStates: Sendable, Hashable {
    public var unread: Set<String>
    public var starred: Set<String>

    public init(unread: Set<String>, starred: Set<String>) {
        self.unread = unread
        self.starred = starred
    }
}

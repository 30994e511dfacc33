#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// What the store keeps for syncing with a reading service: the account's record, which feeds
/// and items are the service's (their remote ids), and the durable queue of local changes the
/// service has not been told yet (`PendingSyncChange`).
///
/// Local changes reach the queue by themselves: marking an item of the service read or
/// unread, starring or unstarring it, unsubscribing from, renaming or tagging a synced feed,
/// and subscribing to a web feed while syncing is on, each queue a change in the transaction
/// that makes it, whichever path makes it (the CLI, the reader, a rule). What the service
/// changed comes in through the methods below, which queue nothing.
///
/// Every method is one transaction and safe to call concurrently with the store's others.
public protocol SyncStore: Sendable {
    /// Makes `service` (a text naming the kind, address and user of the account) the account
    /// the store syncs with, and turns syncing on. When the store synced with another account
    /// before, it first forgets that account: every remote id, pending change and the cursor;
    /// the feeds and items stay, as local ones.
    /// - Returns: the account's record afterwards.
    func startSyncing(with service: String) async throws -> SyncRecord

    /// Turns syncing off (the config no longer names a service): synced feeds are fetched from
    /// their sites again and new subscriptions stay local; remote ids and the queue are kept
    /// for the day syncing is on again with the same account.
    func stopSyncing() async throws

    /// The account's record; `nil` when the store never synced.
    func syncRecord() async throws -> SyncRecord?

    /// Records a sync that reached its end: its cursor for the next one, and the time.
    func recordSyncSuccess(cursor: String?, at date: Date) async throws

    /// Records a sync that failed: the reason (one line, no secret) and when to try again.
    func recordSyncFailure(_ reason: String, at date: Date, retryAt: Date) async throws

    /// Forgets the cursor: the next sync reads every entry again (`tidings sync --full`).
    func forgetSyncCursor() async throws

    /// Every subscribed feed, as the sync sees it.
    func syncFeeds() async throws -> [SyncFeed]

    /// Makes the feeds match the service's subscriptions: links each local feed with the same
    /// URL to its subscription, adds the subscriptions it lacks (with their categories as
    /// tags), unsubscribes from synced feeds the service no longer has (keeping starred items),
    /// and gives synced feeds the service's titles and categories, except where a local change
    /// of the same kind waits in the queue (it wins, and goes to the service next).
    /// - Returns: what changed.
    func applySubscriptions(_ subscriptions: [SyncSubscription], at date: Date) async throws -> SubscriptionsApplied

    /// Links a local feed to the subscription the service made for it, and takes its queued
    /// `subscribe` off the queue. A feed unsubscribed from meanwhile is no error (nothing changes).
    func linkFeed(id: Int64, to subscription: SyncSubscription) async throws

    /// Stores items that came from the service: an item known by its remote id, or by its key
    /// or canonical link in the same feed (one fetched from the site before the feed was
    /// synced), is updated, the others are new and go through `rules`, duplicate detection and
    /// the search index like any other. Read and starred states are taken from the service
    /// unless a local change of the same flag waits in the queue: then the service's state
    /// agrees (the queued change goes), or it is the state before the local change, which wins.
    /// Items of subscriptions the store has no feed for are skipped.
    /// - Returns: how many items were new, and how many states changed.
    func storeSyncedItems(_ items: [SyncedItem], rules: RuleSet, at date: Date) async throws -> SyncedItemsStored

    /// Applies the service's whole picture of states: every item of the service not in
    /// `unread` is read, every one in `starred` is starred, under the rule of `storeSyncedItems`.
    /// - Returns: how many states changed.
    func applySyncStates(unread: Set<String>, starred: Set<String>) async throws -> Int

    /// The changes waiting for the service, oldest first: those due at `now` (not put off by
    /// `postponeSyncChanges`), at most `limit`.
    func pendingSyncChanges(dueAt now: Date, limit: Int) async throws -> [PendingSyncChange]

    /// How many changes wait, whenever due, and why those the service refused were refused.
    func pendingSyncSummary() async throws -> PendingSyncSummary

    /// Takes changes the service now has off the queue. A change queued again since it was
    /// read (a newer value) stays.
    func finishSyncChanges(_ changes: [PendingSyncChange]) async throws

    /// Puts changes the service refused or could not take off until `date`, with the reason.
    func postponeSyncChanges(_ changes: [PendingSyncChange], reason: String, until date: Date) async throws
}

/// The sync record of the account.
public struct SyncRecord: Sendable, Hashable {
    public var service: String
    public var active: Bool
    public var cursor: String?
    public var lastSync: Date?
    public var lastAttempt: Date?
    public var lastError: String?
    public var failures: Int
    public var nextAttempt: Date?

    public init(
        service: String, active: Bool, cursor: String? = nil, lastSync: Date? = nil, lastAttempt: Date? = nil,
        lastError: String? = nil, failures: Int = 0, nextAttempt: Date? = nil
    ) {
        self.service = service
        self.active = active
        self.cursor = cursor
        self.lastSync = lastSync
        self.lastAttempt = lastAttempt
        self.lastError = lastError
        self.failures = failures
        self.nextAttempt = nextAttempt
    }
}

/// A subscription as the service has it (the store's view of `RemoteSubscription`).
public struct SyncSubscription: Sendable, Hashable {
    public var remoteID: String
    public var url: String
    public var title: String
    public var siteLink: String?
    public var categories: [String]

    public init(remoteID: String, url: String, title: String, siteLink: String? = nil, categories: [String] = []) {
        self.remoteID = remoteID
        self.url = url
        self.title = title
        self.siteLink = siteLink
        self.categories = categories
    }
}

/// A subscribed feed as the sync sees it.
public struct SyncFeed: Sendable, Hashable {
    public var id: Int64
    public var url: String
    /// The title listings show (the user's own, else the document's or the service's).
    public var title: String
    /// The user's own title, when there is one.
    public var customTitle: String?
    public var tags: [String]
    /// The service's id, for a synced feed.
    public var remoteID: String?
    /// The categories the service gave it last.
    public var remoteCategories: [String]

    public init(
        id: Int64, url: String, title: String, customTitle: String? = nil, tags: [String] = [], remoteID: String? = nil,
        remoteCategories: [String] = []
    ) {
        self.id = id
        self.url = url
        self.title = title
        self.customTitle = customTitle
        self.tags = tags
        self.remoteID = remoteID
        self.remoteCategories = remoteCategories
    }
}

/// What `applySubscriptions` changed.
public struct SubscriptionsApplied: Sendable, Hashable {
    /// Feeds added for subscriptions made elsewhere.
    public var added: [Int64]
    /// Local feeds linked to the service's subscription of the same URL.
    public var linked: [Int64]
    /// Synced feeds unsubscribed from because the service no longer has them.
    public var removed: [Int64]
    /// Synced feeds whose title or tags changed.
    public var updated: [Int64]

    public init(added: [Int64] = [], linked: [Int64] = [], removed: [Int64] = [], updated: [Int64] = []) {
        self.added = added
        self.linked = linked
        self.removed = removed
        self.updated = updated
    }
}

/// An item from the service.
public struct SyncedItem: Sendable, Hashable {
    public var remoteID: String
    /// `SyncSubscription.remoteID` of its feed.
    public var remoteFeedID: String
    public var item: ParsedItem
    public var read: Bool
    public var starred: Bool

    public init(remoteID: String, remoteFeedID: String, item: ParsedItem, read: Bool, starred: Bool) {
        self.remoteID = remoteID
        self.remoteFeedID = remoteFeedID
        self.item = item
        self.read = read
        self.starred = starred
    }
}

/// What `storeSyncedItems` did.
public struct SyncedItemsStored: Sendable, Hashable {
    public var new: Int
    public var statesChanged: Int

    public init(new: Int = 0, statesChanged: Int = 0) {
        self.new = new
        self.statesChanged = statesChanged
    }
}

/// A local change waiting for the service.
public struct PendingSyncChange: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case read, starred, subscribe, unsubscribe, tags, title
    }

    /// The queue row.
    public var id: Int64
    public var kind: Kind
    /// The service's id of the item (`read`, `starred`) or feed (`unsubscribe`, `tags`,
    /// `title`); `nil` for `subscribe`.
    public var remoteID: String?
    /// The local feed (`subscribe`, `tags`, `title`); `nil` once it is gone.
    public var feedID: Int64?
    /// The wanted state of a flag.
    public var value: Bool?
    public var changedAt: Date
    public var attempts: Int

    public init(
        id: Int64, kind: Kind, remoteID: String?, feedID: Int64?, value: Bool?, changedAt: Date, attempts: Int = 0
    ) {
        self.id = id
        self.kind = kind
        self.remoteID = remoteID
        self.feedID = feedID
        self.value = value
        self.changedAt = changedAt
        self.attempts = attempts
    }
}

/// The queue at a glance (`pendingSyncSummary`).
public struct PendingSyncSummary: Sendable, Hashable {
    public var count: Int
    /// Each reason the service gave for changes it refused, with how many wait for it.
    public var refusals: [Refusal]

    public struct Refusal: Sendable, Hashable {
        public var reason: String
        public var count: Int

        public init(reason: String, count: Int) {
            self.reason = reason
            self.count = count
        }
    }

    public init(count: Int = 0, refusals: [Refusal] = []) {
        self.count = count
        self.refusals = refusals
    }
}

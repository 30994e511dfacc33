#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension RPC {
    /// `sync.run`: syncs with the configured service now, pushing the queued local changes
    /// first, and answers when the sync ends (protocol 1.11). A sync already running is joined.
    /// Without a service in the config: `syncNotConfigured`. A failing service is no error of
    /// the call: the answer's `lastError` says what went wrong, and nothing is lost.
    public enum RunSync: RPCMethod {
        public static let name = "sync.run"

        public struct Params: Codable, Sendable, Hashable {
            /// Read every entry and state again rather than what changed since the last sync;
            /// `false` when absent. Idempotent.
            public var full: Bool?

            public init(full: Bool? = nil) {
                self.full = full
            }
        }

        public typealias Result = SyncStatus
    }

    /// `sync.status`: the sync's state without syncing (protocol 1.11).
    public enum GetSyncStatus: RPCMethod {
        public static let name = "sync.status"
        public typealias Params = Empty
        public typealias Result = SyncStatus
    }
}

/// Where syncing with a reading service stands (`sync.run`, `sync.status`, and `status`'s
/// `sync`). Never holds a secret.
public struct SyncStatus: Codable, Sendable, Hashable {
    /// `miniflux`, `greader` or `ttrss`; `nil` when the config names no service.
    public var service: String?
    /// The service's address.
    public var url: String?
    /// The account's user, where the config names one.
    public var user: String?
    /// When the last sync reached its end; `nil` before the first.
    public var lastSync: Date?
    /// When a sync last began, whether it reached its end or not.
    public var lastAttempt: Date?
    /// Why the last sync failed; `nil` when it succeeded.
    public var lastError: String?
    /// When the daemon syncs next by itself.
    public var nextSync: Date?
    /// Local changes waiting for the service (read, starred, subscriptions, tags, titles).
    public var pending: Int
    /// Why some waiting changes were refused last, one line per reason with their count;
    /// empty when none was.
    public var pendingErrors: [String]
    /// Whether a sync runs now.
    public var syncing: Bool
    /// Feeds whose items come from the service.
    public var syncedFeeds: Int
    /// What the sync that `sync.run` waited for did; `nil` elsewhere.
    public var report: SyncReport?

    public init(
        service: String? = nil, url: String? = nil, user: String? = nil, lastSync: Date? = nil, lastAttempt: Date? = nil,
        lastError: String? = nil, nextSync: Date? = nil, pending: Int = 0, pendingErrors: [String] = [],
        syncing: Bool = false, syncedFeeds: Int = 0, report: SyncReport? = nil
    ) {
        self.service = service
        self.url = url
        self.user = user
        self.lastSync = lastSync
        self.lastAttempt = lastAttempt
        self.lastError = lastError
        self.nextSync = nextSync
        self.pending = pending
        self.pendingErrors = pendingErrors
        self.syncing = syncing
        self.syncedFeeds = syncedFeeds
        self.report = report
    }
}

/// What one sync did.
public struct SyncReport: Codable, Sendable, Hashable {
    /// Local changes the service took, and those it refused or could not take (they wait).
    public var pushed: Int
    public var failed: Int
    /// Feeds added for subscriptions made elsewhere, local feeds linked to the service's
    /// subscription of the same address, and feeds unsubscribed from elsewhere.
    public var feedsAdded: Int
    public var feedsLinked: Int
    public var feedsRemoved: Int
    /// Items new here, and read or starred states the service changed here.
    public var newItems: Int
    public var statesChanged: Int
    /// How long the sync took, in milliseconds.
    public var milliseconds: Int

    public init(
        pushed: Int = 0, failed: Int = 0, feedsAdded: Int = 0, feedsLinked: Int = 0, feedsRemoved: Int = 0, newItems: Int = 0,
        statesChanged: Int = 0, milliseconds: Int = 0
    ) {
        self.pushed = pushed
        self.failed = failed
        self.feedsAdded = feedsAdded
        self.feedsLinked = feedsLinked
        self.feedsRemoved = feedsRemoved
        self.newItems = newItems
        self.statesChanged = statesChanged
        self.milliseconds = milliseconds
    }
}

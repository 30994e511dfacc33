#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

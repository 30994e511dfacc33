/// Where syncing stands, as `sync` and `status` show it: each value for people (`…Text`) and
/// for scripts (ISO 8601 UTC dates, counts). Strings are unsanitised: the View cleans them.
public struct SyncStatusReport: Equatable, Sendable {
    /// `miniflux`, `greader` or `ttrss`; `nil` when the config names no service.
    public var service: String?
    public var url: String?
    public var user: String?
    /// ISO 8601 UTC; `nil` before the first sync that ended.
    public var lastSync: String?
    /// `5 min ago (2026-11-22 10:55)`, `never`.
    public var lastSyncText: String
    /// ISO 8601 UTC of the last sync that began.
    public var lastAttempt: String?
    /// The same for people, only when that sync is not the last that ended (it failed, or
    /// runs now); `nil` otherwise.
    public var lastAttemptText: String?
    /// Why the last sync failed; `nil` when it succeeded.
    public var lastError: String?
    /// ISO 8601 UTC.
    public var nextSync: String?
    /// `in 12 min (2026-11-22 11:12)`, `now`, `syncing now`, `none`.
    public var nextSyncText: String
    public var pending: Int
    /// `3 changes wait`, `none`.
    public var pendingText: String
    /// Why some waiting changes were refused, one line per reason with its count.
    public var pendingErrors: [String]
    public var syncing: Bool
    public var syncedFeeds: Int
    /// What the sync `tidings sync` waited for did; `nil` for `--status` and in `status`.
    public var run: SyncRunReport?

    public init(
        service: String?, url: String?, user: String?, lastSync: String?, lastSyncText: String, lastAttempt: String?,
        lastAttemptText: String?, lastError: String?, nextSync: String?, nextSyncText: String, pending: Int,
        pendingText: String, pendingErrors: [String], syncing: Bool, syncedFeeds: Int, run: SyncRunReport? = nil
    ) {
        self.service = service
        self.url = url
        self.user = user
        self.lastSync = lastSync
        self.lastSyncText = lastSyncText
        self.lastAttempt = lastAttempt
        self.lastAttemptText = lastAttemptText
        self.lastError = lastError
        self.nextSync = nextSync
        self.nextSyncText = nextSyncText
        self.pending = pending
        self.pendingText = pendingText
        self.pendingErrors = pendingErrors
        self.syncing = syncing
        self.syncedFeeds = syncedFeeds
        self.run = run
    }
}

/// What one sync did, as `tidings sync` shows it.
public struct SyncRunReport: Equatable, Sendable {
    public var pushed: Int
    public var failed: Int
    /// `3 changes`, `3 changes; 1 failed and waits`, `none`.
    public var pushedText: String
    public var feedsAdded: Int
    public var feedsLinked: Int
    public var feedsRemoved: Int
    /// `2 added, 1 linked, 0 removed`.
    public var feedsText: String
    public var newItems: Int
    public var statesChanged: Int
    public var milliseconds: Int64
    /// `340 ms`, `12.5 s`.
    public var durationText: String

    public init(
        pushed: Int, failed: Int, pushedText: String, feedsAdded: Int, feedsLinked: Int, feedsRemoved: Int,
        feedsText: String, newItems: Int, statesChanged: Int, milliseconds: Int64, durationText: String
    ) {
        self.pushed = pushed
        self.failed = failed
        self.pushedText = pushedText
        self.feedsAdded = feedsAdded
        self.feedsLinked = feedsLinked
        self.feedsRemoved = feedsRemoved
        self.feedsText = feedsText
        self.newItems = newItems
        self.statesChanged = statesChanged
        self.milliseconds = milliseconds
        self.durationText = durationText
    }
}

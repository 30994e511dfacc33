import FeedEntities
import FeedIPC
import FeedStorage
import Foundation

/// `tidings status`: the store's counters with what only the daemon knows (its versions, when
/// it started, whether a pass runs, the configuration file and its last refused reload, a
/// storage error under way, syncing with a service).
public struct StatusReporter: Sendable {
    private let hello: RPC.Hello.Result
    private let startedAt: Date
    private let databasePath: String
    private let library: LibraryInteractor
    private let refresher: RefreshInteractor
    private let reloader: ConfigurationReloader
    private let sync: SyncCoordinator
    /// The image cache's usage comes from it.
    private let images: ImageRenderer?

    public init(
        hello: RPC.Hello.Result, startedAt: Date, databasePath: String, library: LibraryInteractor,
        refresher: RefreshInteractor, reloader: ConfigurationReloader, sync: SyncCoordinator, images: ImageRenderer? = nil
    ) {
        self.images = images
        self.hello = hello
        self.startedAt = startedAt
        self.databasePath = databasePath
        self.library = library
        self.refresher = refresher
        self.reloader = reloader
        self.sync = sync
    }

    /// The status now. A database found damaged still has a status: the damage, with the
    /// counts when they can be read.
    /// - Throws: the store's error when its counters cannot be read for another reason.
    public func status() async throws -> DaemonStatus {
        let statistics: StoreStatistics
        var damaged = library.store.damage
        var counted = true
        do {
            statistics = try await library.statistics()
        } catch let damage as DamagedDatabaseError {
            damaged = damage
            counted = false
            statistics = StoreStatistics(
                feeds: 0, failingFeeds: 0, items: 0, unread: 0, starred: 0, lastAttempt: nil, nextCheck: nil,
                databaseBytes: 0, schemaVersion: "")
        }
        let damage = damaged.map { found in
            DatabaseDamage(
                problems: found.problems, backups: found.backups,
                restoreCommand: found.backups.first.map { "tidings restore \(ShellWord.quoted($0))" }, counted: counted)
        }
        return DaemonStatus(
            daemonVersion: hello.daemonVersion, protocolVersion: hello.protocolVersion,
            startedAt: startedAt, feeds: statistics.feeds, failingFeeds: statistics.failingFeeds,
            items: statistics.items, unread: statistics.unread, starred: statistics.starred,
            lastRefresh: statistics.lastAttempt, nextRefresh: try await nextRefresh(statistics.nextCheck, counted: counted),
            refreshing: await refresher.isRefreshing, databasePath: databasePath,
            databaseBytes: statistics.databaseBytes, schemaVersion: statistics.schemaVersion,
            configPath: reloader.configPath, reloadFailure: reloader.lastFailure,
            storage: library.backlog.storageFailure, sync: try await syncStatus(), damage: damage,
            imageCache: images.map { images in
                let usage = images.cacheUsage
                return ImageCacheUsage(bytes: Int64(usage.bytes), files: usage.files, limit: Int64(usage.limit))
            })
    }

    /// When the next refresh comes, never in the past: a feed whose check is overdue is due
    /// now, and one whose refresh the storage refused waits for the backlog's retry, not for
    /// the next check it kept.
    private func nextRefresh(_ stored: Date?, counted: Bool) async throws -> Date? {
        let now = Date()
        let backlog = library.backlog
        guard counted, let retryAt = backlog.retryAt else { return stored.map { max($0, now) } }
        let times = try await library.feeds().compactMap { feed -> Date? in
            guard feed.goneSince == nil, !feed.synced else { return nil }
            return backlog.isWaiting(feed.id) ? retryAt : (feed.nextCheck ?? now)
        }
        return times.min().map { max($0, now) }
    }

    /// The sync's status; none while the database is too damaged to read it.
    private func syncStatus() async throws -> SyncStatus? {
        do {
            return try await sync.status()
        } catch is DamagedDatabaseError {
            return nil
        }
    }
}

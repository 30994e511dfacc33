import FeedIPC
import Foundation

/// `tidings status`: the store's counters with what only the daemon knows (its versions, when
/// it started, whether a pass runs, the configuration file and its last refused reload, a
/// storage error under way, syncing with a service).
public struct StatusInteractor: Sendable {
    private let hello: RPC.Hello.Result
    private let startedAt: Date
    private let databasePath: String
    private let library: LibraryInteractor
    private let refresher: RefreshInteractor
    private let reloader: ConfigurationReloader
    private let sync: SyncInteractor

    public init(
        hello: RPC.Hello.Result, startedAt: Date, databasePath: String, library: LibraryInteractor,
        refresher: RefreshInteractor, reloader: ConfigurationReloader, sync: SyncInteractor
    ) {
        self.hello = hello
        self.startedAt = startedAt
        self.databasePath = databasePath
        self.library = library
        self.refresher = refresher
        self.reloader = reloader
        self.sync = sync
    }

    /// The status now.
    /// - Throws: the store's error when its counters cannot be read.
    public func status() async throws -> DaemonStatus {
        let statistics = try await library.statistics()
        return DaemonStatus(
            daemonVersion: hello.daemonVersion, protocolVersion: hello.protocolVersion,
            startedAt: startedAt, feeds: statistics.feeds, failingFeeds: statistics.failingFeeds,
            items: statistics.items, unread: statistics.unread, starred: statistics.starred,
            lastRefresh: statistics.lastAttempt, nextRefresh: statistics.nextCheck,
            refreshing: await refresher.isRefreshing, databasePath: databasePath,
            databaseBytes: statistics.databaseBytes, schemaVersion: statistics.schemaVersion,
            configPath: reloader.configPath, reloadFailure: reloader.lastFailure,
            storage: library.backlog.storageFailure, sync: try await sync.status())
    }
}

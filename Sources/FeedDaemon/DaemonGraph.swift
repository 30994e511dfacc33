import FeedFetching
import FeedIPC
import FeedParsing
import FeedStorage
import Foundation
import Logging
import Synchronization

/// The daemon's object graph: the store, the gateways, the interactors and the request handler,
/// made once per run, and what a configuration reload replaces in them.
struct DaemonGraph: Sendable {
    let store: SQLiteFeedStore
    let live: LiveConfiguration
    let fetcher: CurlRemoteDataManager
    let notifier: SystemdNotifier
    let newItems: NewItemsBroadcaster
    let indexer: SearchIndexer
    let refresher: RefreshInteractor
    let reloader: ConfigurationReloader
    let handler: RequestHandler
    /// The IPC server, once it exists, for a reload to give it new connection limits.
    let server: ServerSlot

    /// - Parameters:
    ///   - logLevel: the level every logger reads, which a reload changes.
    ///   - reload: reads the configuration file again (`configPath`).
    ///   - readyStatus: the status line of a daemon that serves its socket.
    /// - Throws: when the database cannot be opened or migrated.
    init(
        configuration: DaemonConfiguration, environment: [String: String], databasePath: String,
        logLevel: LogLevelSwitch?, configPath: String, reload: @escaping @Sendable () throws -> DaemonConfiguration,
        readyStatus: String, logger: Logger
    ) throws {
        let notifier = SystemdNotifier(environment: environment)
        let store = try Self.extendingStart(notifier) { try SQLiteFeedStore(path: databasePath, text: HTMLTitleText.reading) }
        if let backup = store.migrationBackup {
            logger.notice("copied the database to \(backup) before migrating it to schema \(store.schemaVersion)")
        }
        let live = LiveConfiguration(configuration)
        let fetcher = CurlRemoteDataManager(options: Self.fetchOptions(configuration), logger: logger)
        let process = SupervisedProcess(environment: environment, logger: logger)
        // `exec:` and `filter:` feeds run their programs; everything else goes to libcurl.
        let commandFetcher = CommandFeedFetcher(wrapping: fetcher, options: Self.fetchOptions(configuration), process: process)
        let newItems = NewItemsBroadcaster(store: store, logger: logger)
        let indexer = SearchIndexer(store: store)
        let tuning = LiveRefreshTuning(Self.tuning(configuration, logger: logger))
        let maintenance = MaintenanceInteractor(store: store, retentionPolicy: { live.current.retention }, logger: logger)
        let backlog = WriteBacklog()
        let passwords = SystemPasswordReader(process: process)
        // libcurl's fetcher, not the command fetcher: an item's link never runs a program.
        let articles = ArticleFetcher(
            fetcher: fetcher, store: store,
            transferSettings: { try await FeedRefresher.transferSettings($0, passwords: passwords) },
            policy: { live.current.fullText }, logger: logger)
        let images = ImageRenderer(
            fetcher: fetcher, store: store,
            cache: ImageCache(directory: DataLocations(environment: environment).imageCache, limit: configuration.imageCacheSize),
            transferSettings: { try await FeedRefresher.transferSettings($0, passwords: passwords) }, logger: logger)
        let feeds = FeedRefresher(
            fetcher: commandFetcher, store: store, tuning: tuning, backlog: backlog, newItems: newItems,
            passwords: passwords, articles: articles, logger: logger)
        let housekeeping = PassHousekeeping(
            store: store, indexer: indexer, notifier: notifier,
            retention: { try await maintenance.applyRetention(live.current.retention) }, backlog: backlog, logger: logger)
        let services = ConfiguredSyncServices(
            fetcher: fetcher, passwords: SystemPasswordReader(process: process),
            userAgent: { live.current.userAgent ?? FetchOptions.userAgent(version: TidingsVersion.current) })
        let sync = SyncCoordinator(
            store: store, services: services, configuration: { live.current.sync }, rules: { tuning.current.rules },
            newItems: newItems, indexer: indexer, logger: logger)
        // After the housekeeping: a sync due now waits for nothing a pass left.
        let refresher = RefreshInteractor(feeds: feeds, observers: [housekeeping, sync], logger: logger)
        let server = ServerSlot()
        let reloader = ConfigurationReloader(
            configPath: configPath, load: reload,
            apply: { new in
                let changes = live.replace(with: new)
                logLevel?.current = new.logLevel
                fetcher.reconfigure(Self.fetchOptions(new))
                commandFetcher.reconfigure(Self.fetchOptions(new))
                tuning.replace(with: Self.tuning(new, logger: logger))
                server.apply(new.connectionLimits)
                // Another service, or none: the sync starts (or stops) now, not at the next pass.
                Task { await sync.syncIfDue() }
                return changes
            },
            notifier: notifier, readyStatus: readyStatus, logger: logger)
        let library = LibraryInteractor(store: store, render: LibraryInteractor.libXMLRenderer, indexer: indexer, backlog: feeds.backlog)
        let views = ViewsInteractor(store: store, configured: { live.current.views }, indexer: indexer)
        let hello = RPC.Hello.Result(protocolVersion: ProtocolVersion.current, daemonVersion: TidingsVersion.current)
        let interactors = DaemonInteractors(
            hello: hello, refresher: refresher, subscriptions: SubscriptionInteractor(refresher: refresher, views: views),
            library: library, feedSettings: FeedSettingsInteractor(store: store), reading: ReadingPosition(store: store),
            status: StatusReporter(
                hello: hello, startedAt: Date(), databasePath: databasePath, library: library, refresher: refresher,
                reloader: reloader, sync: sync, images: images),
            newItems: newItems, maintenance: maintenance,
            rules: RulesInteractor(store: store, rules: { live.current.rules }),
            views: views, reloader: reloader,
            restorer: LiveRestore(store: store, refresher: refresher, indexer: indexer, newItems: newItems, logger: logger),
            sync: sync, articles: articles, images: images, stopper: DaemonStopper(environment: environment))
        self.store = store
        self.live = live
        self.fetcher = fetcher
        self.notifier = notifier
        self.newItems = newItems
        self.indexer = indexer
        self.refresher = refresher
        self.reloader = reloader
        self.server = server
        self.handler = RequestHandler(interactors, logger: logger)
    }

    static func fetchOptions(_ configuration: DaemonConfiguration) -> FetchOptions {
        FetchOptions(
            connectTimeout: .seconds(configuration.connectTimeout),
            transferTimeout: .seconds(configuration.transferTimeout),
            maximumBodySize: configuration.maximumFeedSize,
            maximumConcurrentTransfers: configuration.concurrency,
            maximumPerHost: configuration.perHostConcurrency,
            userAgent: configuration.userAgent ?? FetchOptions.userAgent(version: TidingsVersion.current),
            proxy: configuration.proxy, caFile: configuration.caFile)
    }

    /// The refresh side of `configuration`. A rule that runs out of time on an item
    /// (`RuleBudget`) is skipped for it, and the log says so.
    static func tuning(_ configuration: DaemonConfiguration, logger: Logger) -> RefreshTuning {
        RefreshTuning(
            parser: LibXMLFeedParser(maximumDocumentSize: configuration.maximumFeedSize),
            parserWithLimit: { LibXMLFeedParser(maximumDocumentSize: $0) },
            schedule: RefreshSchedule(interval: TimeInterval(configuration.refreshInterval)),
            concurrency: configuration.concurrency,
            rules: RuleSet(configuration.rules, reportingOverruns: { logger.warning("\($0)") }))
    }

    /// Runs `body` (opening the database: its check, migrations and the rewrite after one) while
    /// telling the service manager, every 20 s, to wait a minute more: a migration of a big
    /// database takes minutes, and systemd's start timeout (90 s) would stop it half way, to
    /// roll back and start again at every restart.
    static func extendingStart<T>(_ notifier: any ServiceManagerNotifier, _ body: () throws -> T) rethrows -> T {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .seconds(20), repeating: .seconds(20))
        timer.setEventHandler { notifier.extendStartTimeout(by: .seconds(60), status: "Opening the database (checking, migrating)") }
        timer.resume()
        defer { timer.cancel() }
        return try body()
    }
}

/// The IPC server once it exists, for a reload to give it new connection limits: the handler
/// it serves, which answers `daemon.reload`, is made before it.
final class ServerSlot: Sendable {
    private let server = Mutex<IPCServerService?>(nil)

    func set(_ ipc: IPCServerService) {
        server.withLock { $0 = ipc }
    }

    func apply(_ limits: ConnectionLimits) {
        server.withLock { $0 }?.apply(limits)
    }
}

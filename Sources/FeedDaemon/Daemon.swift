#if canImport(Glibc)
import Glibc
#endif
import FeedFetching
import FeedIPC
import FeedParsing
import FeedStorage
import Foundation
import Logging
import NIOPosix
import ServiceLifecycle
import Synchronization

/// The daemon's composition root: the one place that creates the concrete gateways and services.
public struct Daemon: Sendable {
    private let configuration: DaemonConfiguration
    private let environment: [String: String]
    private let logger: Logger

    public init(configuration: DaemonConfiguration, environment: [String: String], logger: Logger) {
        self.configuration = configuration
        self.environment = environment
        self.logger = logger
    }

    /// The socket path in effect: `--socket`/config, else `TIDINGS_SOCKET`, else the XDG default.
    public var socketPath: String {
        SocketLocation.resolve(explicit: configuration.socketPath, environment: environment, uid: getuid())
    }

    /// The database path in effect.
    public var databasePath: String {
        configuration.databasePath ?? DataLocations(environment: environment).database
    }

    /// Runs until SIGTERM or SIGINT, then stops accepting clients, aborts transfers, and removes
    /// the socket file. SIGHUP and `daemon.reload` reload the configuration (`reload`).
    /// - Parameters:
    ///   - logLevel: the level every logger reads, which a reload changes.
    ///   - configPath: the file `reload` reads, for messages and `status`.
    ///   - reload: reads the configuration file again; `nil` when there is nothing to reload.
    /// - Throws: when the socket, its lock or the database cannot be opened (clear, one-line
    ///   errors), e.g. because another daemon runs on the same socket or database.
    public func run(
        logLevel: LogLevelSwitch? = nil, configPath: String? = nil,
        reload: (@Sendable () throws -> DaemonConfiguration)? = nil
    ) async throws {
        // SIGTERM, SIGINT and SIGHUP before the service group handles them are remembered
        // (EarlySignals), not fatal.
        EarlySignals.install()
        // Everything the daemon creates (socket, database, WAL files) is private to the user.
        umask(0o077)
        // A client that disconnects before its answer is written must not kill the daemon.
        signal(SIGPIPE, SIG_IGN)

        // One daemon per database and per socket: locks the kernel drops with the process,
        // taken before anything is touched. A socket passed by systemd (tidingsd.socket) is used
        // as it is and needs no lock (systemd starts one daemon per socket); otherwise the
        // daemon binds its own.
        let activation = try SocketActivation.inherited(environment: environment)
        let socketPath = activation?.path ?? self.socketPath
        var locks = [InstanceLock]()
        if activation == nil {
            let ownsDirectory = configuration.socketPath == nil && (environment["TIDINGS_SOCKET"] ?? "").isEmpty
            let preparation = SocketPreparation(path: socketPath, ownsDirectory: ownsDirectory)
            try preparation.prepareDirectory()
            locks.append(try InstanceLock(path: socketPath + ".lock", resource: "the socket \(socketPath)"))
            try preparation.prepare()
        }
        try DataLocations.createPrivateDirectory(forFile: databasePath)
        locks.append(try InstanceLock(path: databasePath + ".lock", resource: "the database \(databasePath)"))
        defer { withExtendedLifetime(locks) {} }

        // A database missing where copies of one lie (deleted, or lost under the last daemon)
        // is made anew, but not silently.
        if access(databasePath, F_OK) != 0, let newest = SQLiteFeedStore.backups(of: databasePath).first {
            logger.notice(
                "no database at \(databasePath): starting a new, empty one; the newest copy beside it is \(newest) ('tidings restore \(newest)' puts it back)")
        }
        let store = try SQLiteFeedStore(path: databasePath, htmlToText: HTMLTitleText.text(ofHTML:))
        if let backup = store.migrationBackup {
            logger.notice("copied the database to \(backup) before migrating it to schema \(store.schemaVersion)")
        }
        let live = LiveConfiguration(configuration)
        // Rules, replaced on reload below. A rule that runs out of time on an item
        // (`RuleBudget`) is skipped for it, and the log says so.
        let reportOverrun: @Sendable (RuleOverrun) -> Void = { logger.warning("\($0)") }
        store.setRules(configuration.rules, reportingOverruns: reportOverrun)
        let maintenance = MaintenanceInteractor(store: store, retentionPolicy: { live.current.retention }, logger: logger)
        let fetcher = CurlRemoteDataManager(options: Self.fetchOptions(configuration), logger: logger)
        let notifier = SystemdNotifier(environment: environment)
        let newItems = NewItemsBroadcaster(store: store, logger: logger)
        let indexer = SearchIndexer(store: store)
        let backlog = WriteBacklog()
        let refresher = RefreshInteractor(
            fetcher: fetcher, parser: LibXMLFeedParser(maximumDocumentSize: configuration.maximumFeedSize), store: store,
            schedule: RefreshSchedule(interval: TimeInterval(configuration.refreshInterval)),
            concurrency: configuration.concurrency, newItems: newItems, indexer: indexer, notifier: notifier,
            afterPass: {
                do { try await maintenance.applyRetention(live.current.retention) } catch {
                    logger.warning("retention failed: \(error)")
                }
            },
            backlog: backlog, logger: logger)
        let readyStatus = "Listening on \(socketPath)"
        // The server is made after the handler it serves, which reloads through `reloader`.
        let server = ServerSlot()
        let reloader = reload.map { reload in
            ConfigurationReloader(
                configPath: configPath ?? DataLocations(environment: environment).configFile, load: reload,
                apply: { new in
                    let changes = live.replace(with: new)
                    store.setRules(new.rules, reportingOverruns: reportOverrun)
                    logLevel?.current = new.logLevel
                    fetcher.reconfigure(Self.fetchOptions(new))
                    refresher.reconfigure(
                        parser: LibXMLFeedParser(maximumDocumentSize: new.maximumFeedSize),
                        schedule: RefreshSchedule(interval: TimeInterval(new.refreshInterval)),
                        concurrency: new.concurrency)
                    server.apply(new.connectionLimits)
                    return changes
                },
                notifier: notifier, readyStatus: readyStatus, logger: logger)
        }
        let handler = RequestHandler(
            refresher: refresher,
            library: LibraryInteractor(store: store, render: LibraryInteractor.libXMLRenderer, indexer: indexer, backlog: backlog),
            hello: RPC.Hello.Result(
                protocolVersion: ProtocolVersion.current, daemonVersion: TidingsVersion.current),
            newItems: newItems, status: StatusContext(startedAt: Date(), databasePath: databasePath),
            maintenance: maintenance,
            rules: RulesInteractor(store: store, rules: { live.current.rules }), reloader: reloader,
            restorer: LiveRestore(store: store, refresher: refresher, indexer: indexer, newItems: newItems, logger: logger),
            logger: logger)

        let eventLoops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        var failure: (any Error)?
        do {
            let limits = configuration.connectionLimits
            let ipc = if let activation {
                try await IPCServerService.adopt(activation, handler: handler, limits: limits, group: eventLoops, logger: logger)
            } else {
                try await IPCServerService.bind(
                    socketPath: socketPath, handler: handler, limits: limits, group: eventLoops, logger: logger)
            }
            let refresh = RefreshService(
                refresher: refresher, interval: .seconds(min(configuration.refreshInterval, 60)), logger: logger)
            server.set(ipc)
            logger.info("tidingsd \(TidingsVersion.current) started", metadata: ["database": "\(databasePath)"])
            var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
                .init(service: ipc), .init(service: refresh),
                .init(
                    service: LifecycleAnnouncer(notifier: notifier, readyStatus: readyStatus),
                    successTerminationBehavior: .gracefullyShutdownGroup),
            ]
            // MARK: Hooks: `on_new_items` and `notify` run after each pass that stored
            // items, off the refresh path; read from `live` at each run, so a reload changes them.
            services.append(.init(service: NewItemsHookService(
                newItems: newItems, store: store, isRefreshing: { await refresher.isRefreshing },
                hooks: { live.current.newItemsHooks },
                runner: ProcessHookRunner(environment: environment, logger: logger), logger: logger)))
            // MARK: -
            if let reloader {
                services.append(.init(service: ReloadService(reloader: reloader), successTerminationBehavior: .ignore))
            }
            services.append(.init(service: DatabaseFileWatchService(store: store, logger: logger)))
            if let interval = notifier.watchdogInterval {
                services.append(.init(service: WatchdogService(notifier: notifier, interval: interval)))
            }
            let group = ServiceGroup(configuration: ServiceGroupConfiguration(
                services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
            // Items stored before this version had a search index, or while it was down.
            let indexing = Task {
                do { try await indexer.catchUp() } catch { logger.warning("\(error)") }
            }
            try await group.run()
            indexing.cancel()
        } catch {
            failure = error
        }
        await newItems.finishAll()
        // Transfers still running end with `.cancelled` at once instead of at their timeout.
        await fetcher.shutdown()
        try? await eventLoops.shutdownGracefully()
        if let failure { throw failure }
        logger.info("tidingsd stopped")
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
}

/// The IPC server once it exists, for a reload to give it new connection limits: the handler
/// it serves, which answers `daemon.reload`, is made before it.
private final class ServerSlot: Sendable {
    private let server = Mutex<IPCServerService?>(nil)

    func set(_ ipc: IPCServerService) {
        server.withLock { $0 = ipc }
    }

    func apply(_ limits: ConnectionLimits) {
        server.withLock { $0 }?.apply(limits)
    }
}

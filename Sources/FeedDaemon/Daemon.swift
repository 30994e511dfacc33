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
    /// the socket file.
    /// - Throws: when the socket or the database cannot be opened (clear, one-line errors).
    public func run() async throws {
        // Everything the daemon creates (socket, database, WAL files) is private to the user.
        umask(0o077)
        // A client that disconnects before its answer is written must not kill the daemon.
        signal(SIGPIPE, SIG_IGN)
        // Refuse early, before touching the database, when another daemon owns the socket.
        // A socket passed by systemd (tidingsd.socket) is used as it is; otherwise the daemon
        // binds its own.
        let activation = try SocketActivation.inherited(environment: environment)
        let socketPath = activation?.path ?? self.socketPath
        if activation == nil {
            let ownsDirectory = configuration.socketPath == nil && (environment["TIDINGS_SOCKET"] ?? "").isEmpty
            try SocketPreparation(path: socketPath, ownsDirectory: ownsDirectory).prepare()
        }

        let store = try SQLiteFeedStore(path: databasePath)
        let fetcher = CurlRemoteDataManager(
            options: FetchOptions(
                connectTimeout: .seconds(configuration.connectTimeout),
                transferTimeout: .seconds(configuration.transferTimeout),
                maximumBodySize: configuration.maximumFeedSize,
                maximumConcurrentTransfers: configuration.concurrency,
                maximumPerHost: configuration.perHostConcurrency,
                userAgent: FetchOptions.userAgent(version: TidingsVersion.current)),
            logger: logger)
        let parser = LibXMLFeedParser(maximumDocumentSize: configuration.maximumFeedSize)
        let notifier = SystemdNotifier(environment: environment)
        let newItems = NewItemsBroadcaster(store: store, logger: logger)
        let indexer = SearchIndexer(store: store)
        let refresher = RefreshInteractor(
            fetcher: fetcher, parser: parser, store: store,
            schedule: RefreshSchedule(interval: TimeInterval(configuration.refreshInterval)),
            concurrency: configuration.concurrency, newItems: newItems, indexer: indexer, notifier: notifier,
            logger: logger)
        let handler = RequestHandler(
            refresher: refresher,
            library: LibraryInteractor(store: store, render: LibraryInteractor.libXMLRenderer, indexer: indexer),
            hello: RPC.Hello.Result(
                protocolVersion: ProtocolVersion.current, daemonVersion: TidingsVersion.current,
                browser: configuration.browser),
            newItems: newItems, status: StatusContext(startedAt: Date(), databasePath: databasePath),
            logger: logger)

        let eventLoops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        var failure: (any Error)?
        do {
            let ipc = if let activation {
                try await IPCServerService.adopt(activation, handler: handler, group: eventLoops, logger: logger)
            } else {
                try await IPCServerService.bind(socketPath: socketPath, handler: handler, group: eventLoops, logger: logger)
            }
            let refresh = RefreshService(
                refresher: refresher, interval: .seconds(min(configuration.refreshInterval, 60)), logger: logger)
            logger.info("tidingsd \(TidingsVersion.current) started", metadata: ["database": "\(databasePath)"])
            var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
                .init(service: ipc), .init(service: refresh),
                .init(
                    service: LifecycleAnnouncer(notifier: notifier, readyStatus: "Listening on \(socketPath)"),
                    successTerminationBehavior: .ignore),
            ]
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
}

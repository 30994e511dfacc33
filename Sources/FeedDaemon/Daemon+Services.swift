import FeedIPC
import Foundation
import Logging
import NIOPosix
import ServiceLifecycle

extension Daemon {
    /// Serves the socket and runs the refresh schedule, the hooks, the reloads, the database
    /// file watch and the watchdog until SIGTERM or SIGINT; then ends watchers and transfers,
    /// and folds the write-ahead log into the database file.
    func runServices(_ graph: DaemonGraph, _ process: PreparedProcess) async throws {
        let eventLoops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        var failure: (any Error)?
        do {
            let limits = configuration.connectionLimits
            let ipc = if let activation = process.activation {
                try await IPCServerService.adopt(
                    activation, handler: graph.handler, limits: limits, group: eventLoops, logger: logger)
            } else {
                try await IPCServerService.bind(
                    socketPath: process.socketPath, handler: graph.handler, limits: limits, group: eventLoops, logger: logger)
            }
            graph.server.set(ipc)
            logger.info("tidingsd \(TidingsVersion.current) started", metadata: ["database": "\(databasePath)"])
            // Feeds subscribed with a password in their URL before it was taken out at once.
            do {
                let moved = try await graph.store.moveURLCredentials()
                if moved > 0 { logger.notice("took the passwords out of \(moved) feed URLs: they are the feeds' auth_password now") }
            } catch {
                logger.failure(error)
            }
            let fileWatch = DatabaseFileWatchService(store: graph.store, logger: logger)
            let group = ServiceGroup(configuration: ServiceGroupConfiguration(
                services: services(graph, ipc: ipc, fileWatch: fileWatch, readyStatus: process.readyStatus),
                gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
            // Items stored before this version had a search index, or while it was down.
            let indexing = Task { [indexer = graph.indexer, logger] in
                do { try await indexer.catchUp() } catch { logger.failure(error) }
            }
            try await group.run()
            indexing.cancel()
            try await fileWatch.finalCheck()
        } catch {
            failure = error
        }
        await graph.newItems.finishAll()
        // Transfers still running end with `.cancelled` at once instead of at their timeout.
        await graph.fetcher.shutdown()
        try? await eventLoops.shutdownGracefully()
        if let failure { throw failure }
        // Only for the file the daemon still has at its path (a lost one was saved above).
        do { try await graph.store.checkpointForStop() } catch { logger.failure(error) }
        logger.info("tidingsd stopped")
    }

    private func services(
        _ graph: DaemonGraph, ipc: IPCServerService, fileWatch: DatabaseFileWatchService, readyStatus: String
    ) -> [ServiceGroupConfiguration.ServiceConfiguration] {
        let refresher = graph.refresher
        let live = graph.live
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(service: ipc),
            .init(service: RefreshService(
                refresher: refresher, interval: .seconds(min(configuration.refreshInterval, 60)), logger: logger)),
            .init(
                service: LifecycleAnnouncer(notifier: graph.notifier, readyStatus: readyStatus),
                successTerminationBehavior: .gracefullyShutdownGroup),
            // Hooks: `on_new_items` and `notify` run after each pass that stored items, off the
            // refresh path; read from `live` at each run, so a reload changes them.
            .init(service: NewItemsHookService(
                newItems: graph.newItems, store: graph.store, isRefreshing: { await refresher.isRefreshing },
                hooks: { live.current.newItemsHooks },
                runner: ProcessHookRunner(environment: environment, logger: logger), logger: logger)),
            .init(service: ReloadService(reloader: graph.reloader), successTerminationBehavior: .ignore),
            .init(service: fileWatch),
        ]
        if let interval = graph.notifier.watchdogInterval {
            services.append(.init(service: WatchdogService(notifier: graph.notifier, interval: interval)))
        }
        return services
    }
}

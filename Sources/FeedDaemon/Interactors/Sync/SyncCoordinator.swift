import FeedEntities
import FeedIPC
import FeedStorage
import FeedSync
import Foundation
import Logging

/// Syncing with the configured reading service: on demand (`sync.run`), by itself every
/// `interval` (looked at after each refresh pass, which the scheduler starts every minute),
/// and soon after a local change (`changed()`), which needs only the queue pushed.
///
/// One sync runs at a time; a request during one joins it. A failed sync is tried again after
/// a pause that doubles from a minute up to `interval` (or what the service's `Retry-After`
/// asks), and the queue keeps every change until the service has it.
public actor SyncCoordinator {
    /// Why `run` could not sync at all.
    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        case notConfigured

        public var description: String { "no sync service in the config (a `sync:` section)" }
    }

    /// How soon after a local change its push starts: changes made together go together.
    static let pushDelay: Duration = .seconds(2)

    private let store: any FeedStore & SyncStore
    private let services: any SyncServiceSource
    private let configuration: @Sendable () -> SyncConfiguration?
    private let rules: @Sendable () -> RuleSet
    private let newItems: NewItemsBroadcaster
    private let indexer: SearchIndexer
    private let now: @Sendable () -> Date
    private let logger: Logger

    private var running: Task<SyncStatus, Never>?
    /// Whether `running` only pushes the queue (after a local change) rather than syncing.
    private var runningPushesOnly = false
    private var pushScheduled = false

    public init(
        store: any FeedStore & SyncStore, services: any SyncServiceSource, configuration: @escaping @Sendable () -> SyncConfiguration?,
        rules: @escaping @Sendable () -> RuleSet, newItems: NewItemsBroadcaster, indexer: SearchIndexer,
        now: @escaping @Sendable () -> Date = Date.init, logger: Logger
    ) {
        self.store = store
        self.services = services
        self.configuration = configuration
        self.rules = rules
        self.newItems = newItems
        self.indexer = indexer
        self.now = now
        self.logger = logger
    }

    /// Syncs now, or joins the sync that runs; a failure of the service is in the answer's
    /// `lastError`, not thrown.
    /// - Parameter full: read every entry and state again.
    /// - Throws: `Refusal.notConfigured`; the store's errors when the state cannot be read.
    public func run(full: Bool) async throws -> SyncStatus {
        guard configuration() != nil else { throw Refusal.notConfigured }
        // A push alone is no sync: it ends first, then the sync runs.
        while let pushing = running, runningPushesOnly { _ = await pushing.value }
        let task = running ?? start(full: full)
        return await task.value
    }

    /// Syncs now (or joins the sync that runs) when the config names a service: what a refresh
    /// of every feed asks for. Its outcome is the sync's status, not the caller's.
    public func syncIfConfigured() async {
        guard configuration() != nil else { return }
        _ = try? await run(full: false)
    }

    /// The sync's state, without syncing; `nil` when the config names no service.
    public func status() async throws -> SyncStatus? {
        guard let configuration = configuration() else { return nil }
        return try await status(configuration, report: nil, syncing: running != nil)
    }

    /// Syncs when a sync is due: the first one, `interval` after the last, the retry after a
    /// failure, or a push of changes waiting. Also turns syncing off in the store when the
    /// config no longer names a service. Errors go to the log.
    public func syncIfDue() async {
        guard running == nil else { return }
        do {
            guard let configuration = configuration() else {
                if try await store.syncRecord()?.active == true {
                    try await store.stopSyncing()
                    logger.notice("sync is off: synced feeds are fetched from their sites again")
                }
                return
            }
            let record = try await store.syncRecord()
            let current = now()
            if let record, record.service == configuration.account, record.active {
                if let retry = record.nextAttempt {
                    guard retry <= current else { return }
                } else if let last = record.lastSync, last.addingTimeInterval(TimeInterval(configuration.interval)) > current {
                    if try await !store.pendingSyncChanges(dueAt: current, limit: 1).isEmpty { await pushOnly(configuration) }
                    return
                }
            }
            // A sync may have started while the record was read: that one is the sync due.
            _ = await (running ?? start(full: false)).value
        } catch {
            logger.warning("cannot tell whether a sync is due: \(error)")
        }
    }

    /// A local change was queued: pushes the queue shortly, unless a sync runs (it pushes too).
    public func changed() {
        guard configuration() != nil, !pushScheduled else { return }
        pushScheduled = true
        Task {
            try? await Task.sleep(for: Self.pushDelay)
            await pushScheduledChanges()
        }
    }

    private func pushScheduledChanges() async {
        pushScheduled = false
        guard running == nil, let configuration = configuration() else { return }
        do {
            if let retry = try await store.syncRecord()?.nextAttempt, retry > now() { return }
        } catch {
            return
        }
        await pushOnly(configuration)
    }

    /// Pushes the queue alone (no pull): what a local change needs. A failure counts as a
    /// failed sync, with its pause.
    private func pushOnly(_ configuration: SyncConfiguration) async {
        guard running == nil else { return }
        let task = Task<SyncStatus, Never> {
            let started = now()
            do {
                _ = try await store.startSyncing(with: configuration.account)
                let service = try await services.service(for: configuration)
                var report = SyncReport()
                try await SyncPusher(service: service, store: store, now: now, logger: logger).push(into: &report)
                if report.pushed > 0 { logger.info("pushed \(Counted.phrase(report.pushed, "change")) to the sync service") }
            } catch {
                await recordFailure(error, configuration: configuration, at: started)
            }
            let status = (try? await status(configuration, report: nil, syncing: false)) ?? SyncStatus()
            // Before the task ends: whoever waits for it finds the way clear.
            running = nil
            runningPushesOnly = false
            return status
        }
        running = task
        runningPushesOnly = true
        _ = await task.value
    }

    private func start(full: Bool) -> Task<SyncStatus, Never> {
        let task = Task<SyncStatus, Never> {
            let status = await perform(full: full)
            running = nil
            return status
        }
        running = task
        return task
    }

    /// One whole sync; its outcome is recorded in the store and logged.
    private func perform(full: Bool) async -> SyncStatus {
        guard let configuration = configuration() else { return SyncStatus() }
        let started = now()
        let clock = ContinuousClock.now
        var report: SyncReport?
        do {
            let record = try await store.startSyncing(with: configuration.account)
            if full { try await store.forgetSyncCursor() }
            let service = try await services.service(for: configuration)
            let run = SyncRun(service: service, store: store, rules: rules(), full: full, now: now, logger: logger)
            var (done, cursor) = try await run.perform(cursor: full ? nil : record.cursor)
            done.milliseconds = Int((ContinuousClock.now - clock) / .milliseconds(1))
            try await store.recordSyncSuccess(cursor: cursor, at: started)
            report = done
            let summary = "\(Counted.phrase(done.newItems, "new item")), \(Counted.phrase(done.statesChanged, "state")) changed here, "
                + "\(Counted.phrase(done.pushed, "change")) pushed"
                + (done.failed > 0 ? ", \(Counted.phrase(done.failed, "change")) refused" : "")
            logger.info("synced with \(configuration.service.rawValue): \(summary) in \(done.milliseconds) ms")
            // After the answer, as after a refresh pass: the items are listed already.
            Task { await afterSync(done) }
        } catch {
            await recordFailure(error, configuration: configuration, at: started)
        }
        do {
            return try await status(configuration, report: report, syncing: false)
        } catch {
            logger.warning("cannot read the sync's state: \(error)")
            return SyncStatus(service: configuration.service.rawValue, url: configuration.url, user: configuration.user, report: report)
        }
    }

    /// New items reach `watch` and the hooks, and the search index, as after a refresh pass.
    private func afterSync(_ report: SyncReport) async {
        guard report.newItems > 0 || report.statesChanged > 0 else { return }
        if report.newItems > 0 { await newItems.storedNewItems() }
        do {
            _ = try await indexer.catchUp()
            try await store.checkpoint()
        } catch {
            logger.failure(error)
        }
    }

    private func recordFailure(_ error: any Error, configuration: SyncConfiguration, at date: Date) async {
        let reason = (error as? SyncError)?.description ?? "\(error)"
        if case .unauthorized = error as? SyncError { services.forget() }
        if error is PasswordReadError { services.forget() }
        logger.warning("sync with \(configuration.service.rawValue) failed: \(reason)")
        do {
            let failures = try await store.syncRecord()?.failures ?? 0
            var pause = min(TimeInterval(configuration.interval), 60 * pow(2, Double(min(failures, 16))))
            if case .retryLater(let seconds) = error as? SyncError { pause = max(pause, TimeInterval(seconds)) }
            try await store.recordSyncFailure(reason, at: date, retryAt: date.addingTimeInterval(pause))
        } catch {
            logger.warning("cannot record the failed sync: \(error)")
        }
    }

    private func status(_ configuration: SyncConfiguration, report: SyncReport?, syncing: Bool) async throws -> SyncStatus {
        let record = try await store.syncRecord()
        let own = record?.service == configuration.account ? record : nil
        let pending = try await store.pendingSyncSummary()
        let synced = try await store.feeds().count(where: \.synced)
        let next: Date? = own.flatMap { record in
            record.nextAttempt ?? record.lastSync.map { $0.addingTimeInterval(TimeInterval(configuration.interval)) }
        } ?? now()
        return SyncStatus(
            service: configuration.service.rawValue, url: configuration.url, user: configuration.user, lastSync: own?.lastSync,
            lastAttempt: own?.lastAttempt, lastError: own?.lastError, nextSync: next, pending: pending.count,
            pendingErrors: pending.refusals.map { "\(Counted.phrase($0.count, "change")): \($0.reason)" },
            syncing: syncing, syncedFeeds: synced, report: report)
    }
}

extension SyncCoordinator: RefreshPassObserver {
    public nonisolated func passProgressed(done: Int, total: Int, errors: Int) {}

    /// The scheduler's pass (every minute) is when a due sync starts.
    public nonisolated func passEnded(_ report: RefreshPassReport) {
        Task { await syncIfDue() }
    }
}

import CMalloc
import FeedEntities
import FeedFetching
import FeedIPC
import FeedParsing
import FeedStorage
import Foundation
import Logging
import Synchronization

import FeedEntities
import FeedIPC
import FeedStorage
import Foundation
import Logging

/// Refresh passes: every feed (`tidings refresh`), the feeds due (the daemon's schedule), or
/// chosen ones, `concurrency` feeds at a time, each through `FeedRefresher`. Passes that want
/// the same feed share its one fetch (`PassFetches`); a restore holds passes back
/// (`whilePaused`); `RefreshPassObserver`s hear how each pass went.
public actor RefreshInteractor {
    /// Refreshes one feed.
    public nonisolated let feeds: FeedRefresher
    private let observers: [any RefreshPassObserver]
    /// The feeds the running passes have taken: a pass never fetches one another one has.
    private let passFetches = PassFetches()
    let logger: Logger
    /// A shared pass in progress (`refreshAll`, `refreshDue`); a second request joins it.
    var refreshingAll: Task<[RefreshOutcome], any Error>?
    /// Whether that pass refreshes every feed (`refreshAll`) rather than those due.
    var sharedPassCoversAll = false
    /// The progress of the shared pass so far, replayed to a caller that joins it, so that it
    /// hears of the feeds done before it came as well.
    var sharedProgress: [RPC.Refresh.Progress] = []
    /// The callers of the shared pass that hear its progress, each through a stream of its own
    /// (the pass never waits for a slow listener); finished when the pass ends.
    var sharedListeners: [AsyncStream<RPC.Refresh.Progress>.Continuation] = []
    /// Refresh passes running now (shared passes and passes over chosen feeds).
    private var runningPasses = 0
    /// Callers of `whilePaused` holding refreshes back now; a pass starts only at 0.
    private var pauses = 0
    /// Passes waiting for the pauses to end.
    private var waitingToStart: [CheckedContinuation<Void, Never>] = []
    /// Callers of `whilePaused` waiting for the running passes to end.
    private var waitingForIdle: [CheckedContinuation<Void, Never>] = []

    public init(feeds: FeedRefresher, observers: [any RefreshPassObserver] = [], logger: Logger) {
        self.feeds = feeds
        self.observers = observers
        self.logger = logger
    }

    /// What the store refused to write for a reason of its storage (see `WriteBacklog`).
    public nonisolated var backlog: WriteBacklog { feeds.backlog }

    /// Reports a refresh's progress: once when it starts, then once per finished feed. Called
    /// one at a time; the refresh waits for it, so it should be quick.
    public typealias Progress = @Sendable (RPC.Refresh.Progress) async -> Void

    /// Refreshes every feed that is not gone, whatever its schedule (`tidings refresh`);
    /// concurrent callers share one pass, and each hears all of its progress (a caller that
    /// joins late first hears what happened before it came).
    /// - Throws: the store's error when the pass cannot read the feeds to refresh (a failing
    ///   feed is an outcome with `error`, never a thrown error), `CancellationError` when the
    ///   daemon shuts down as it reads them.
    public func refreshAll(progress: Progress? = nil) async throws -> [RefreshOutcome] {
        let include: @Sendable (Feed, Date) -> Bool = { feed, _ in feed.goneSince == nil }
        // A scheduled pass refreshes only the feeds due: this pass covers the others, and takes
        // the scheduled pass's outcomes for the feeds it fetches (`PassFetches`).
        if refreshingAll != nil, !sharedPassCoversAll { return try await refresh(progress: progress, where: include) }
        return try await sharedPass(progress: progress, coversAll: true, include)
    }

    /// Refreshes the feeds whose next check has come (the daemon's own schedule); those whose
    /// last refresh the storage refused to store (`WriteBacklog`) kept their next check, and
    /// are refreshed when the backlog's retry is due instead. Concurrent callers share one
    /// pass, and a `refreshAll` in progress serves too.
    /// - Throws: as `refreshAll`.
    public func refreshDue() async throws -> [RefreshOutcome] {
        let backlog = backlog
        return try await sharedPass(progress: nil, coversAll: false) { feed, now in
            guard feed.goneSince == nil else { return false }
            if backlog.isWaiting(feed.id) { return backlog.retryIsDue(at: now) }
            return feed.nextCheck.map { $0 <= now } ?? true
        }
    }

    /// Refreshes the given feeds, gone or not, whatever their schedule (`tidings refresh FEED`).
    /// - Throws: as `refreshAll`.
    public nonisolated func refreshFeeds(_ ids: Set<Int64>, progress: Progress? = nil) async throws -> [RefreshOutcome] {
        try await refresh(progress: progress) { feed, _ in ids.contains(feed.id) }
    }

    /// Refreshes the feeds `include` picks, `concurrency` at a time; parsing runs off the actor.
    /// - Returns: one outcome per feed, in the order of `feeds()`; a failing feed is an outcome
    ///   with `error`, never a thrown error.
    /// - Throws: the store's error when the feeds cannot be read.
    nonisolated func refresh(
        progress: Progress?, where include: @Sendable (Feed, Date) -> Bool
    ) async throws -> [RefreshOutcome] {
        await passStarted()
        do {
            let outcomes = try await refreshPass(progress: progress, where: include)
            await passEnded()
            return outcomes
        } catch {
            await passEnded()
            throw error
        }
    }

    /// Whether a refresh pass is running (`status`).
    public var isRefreshing: Bool { runningPasses > 0 }

    private func passStarted() async {
        while pauses > 0 { await withCheckedContinuation { waitingToStart.append($0) } }
        runningPasses += 1
    }

    private func passEnded() {
        runningPasses -= 1
        if runningPasses == 0 {
            for waiter in waitingForIdle { waiter.resume() }
            waitingForIdle = []
        }
    }

    /// Runs `body` with no refresh pass running: waits for the passes in progress to finish
    /// (each feed's result is stored whole, so none is left half written) and holds new ones
    /// back until `body` returns; they then run as usual. A restore of the database runs here,
    /// so that no pass reads the feeds before it and writes them after.
    /// Pauses waiting for the pass in progress to end, and passes waiting for a pause to end:
    /// what tests wait for instead of a while.
    var waiting: (pauses: Int, passes: Int) { (waitingForIdle.count, waitingToStart.count) }

    public func whilePaused<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        pauses += 1
        defer {
            pauses -= 1
            if pauses == 0 {
                for waiter in waitingToStart { waiter.resume() }
                waitingToStart = []
            }
        }
        while runningPasses > 0 { await withCheckedContinuation { waitingForIdle.append($0) } }
        return try await body()
    }

    private nonisolated func refreshPass(
        progress: Progress?, where include: @Sendable (Feed, Date) -> Bool
    ) async throws -> [RefreshOutcome] {
        let feeds: [Feed]
        // A damaged database takes no refresh: every fetch would be for nothing, and no feed is
        // to look failing for it.
        if let damage = self.feeds.store.damage { throw damage }
        await self.feeds.writeUnwrittenFailures()
        do {
            let now = self.feeds.now()
            let all = backlog.overlaying(try await self.feeds.store.feeds())
            if let ended = backlog.keepOnly(Set(all.map(\.id))) { self.feeds.logStorageRecovered(ended) }
            // A synced feed's items come from the sync service, not from its site.
            feeds = await self.feeds.correctingClockSetBack(all, at: now).filter { !$0.synced && include($0, now) }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            logger.error("cannot read the feed list: \(error)")
            throw error
        }
        let concurrency = self.feeds.tuning.current.concurrency
        let started = ContinuousClock.now
        var outcomes = [Int64: RefreshOutcome]()
        var errors = 0
        // Feeds another running pass fetches, or has fetched, are its to fetch: this pass waits
        // for their outcomes (a wait, not one of the `concurrency` transfers).
        let claim = passFetches.claim(feeds)
        var stored = false
        for observer in observers { observer.passProgressed(done: 0, total: feeds.count, errors: 0) }
        await progress?(RPC.Refresh.Progress(done: 0, total: feeds.count, errors: 0))
        await withTaskGroup(of: (outcome: RefreshOutcome, fetched: Bool).self) { group in
            for (feed, pending) in claim.joins {
                group.addTask { (await pending.outcome(orWhenCancelled: Self.unfinished(feed)), false) }
            }
            var pending = claim.fetches[...]
            for _ in 0..<(concurrency + Self.storeBacklog(concurrency)) {
                guard let (feed, promised) = pending.popFirst() else { break }
                group.addTask { (await self.refresh(feed, promised: promised), true) }
            }
            for await (outcome, fetched) in group {
                outcomes[outcome.feedID] = outcome
                if fetched, outcome.newItems > 0 { stored = true }
                if outcome.error != nil { errors += 1 }
                for observer in observers { observer.passProgressed(done: outcomes.count, total: feeds.count, errors: errors) }
                if fetched, let (feed, promised) = pending.popFirst() {
                    group.addTask { (await self.refresh(feed, promised: promised), true) }
                }
                await progress?(RPC.Refresh.Progress(done: outcomes.count, total: feeds.count, errors: errors, outcome: outcome))
            }
        }
        passFetches.release(claim.fetches, unfinished: Self.unfinished)
        let ordered = feeds.compactMap { outcomes[$0.id] }
        let report = RefreshPassReport(
            feeds: ordered.count, newItems: ordered.reduce(0) { $0 + $1.newItems },
            failed: ordered.count { $0.error != nil }, storedItems: stored,
            milliseconds: FeedRefresher.milliseconds(ContinuousClock.now - started))
        // The scheduler looks every minute; a look that found no feed due is no news.
        let summary = "\(Counted.phrase(report.feeds, "feed")): \(Counted.phrase(report.newItems, "new item")), "
            + Counted.phrase(report.failed, "error")
        logger.log(level: feeds.isEmpty ? .debug : .info, "refreshed \(summary) in \(report.milliseconds) ms")
        for observer in observers { observer.passEnded(report) }
        return ordered
    }

    /// Feeds refreshed beyond `concurrency` at once. The fetcher runs `concurrency` transfers and
    /// queues the rest; a feed holds its place in the pass until the store's single writer has
    /// saved it, so without these few extra places, transfers would wait for the writer rather
    /// than for the network. Each extra place may hold one parsed feed waiting to be written.
    static func storeBacklog(_ concurrency: Int) -> Int { max(2, concurrency / 4) }

    /// The outcome of a feed whose refresh the daemon's stop cut short.
    static func unfinished(_ feed: Feed) -> RefreshOutcome {
        RefreshOutcome(
            feedID: feed.id, title: feed.title, url: feed.url, newItems: 0,
            error: "the daemon stopped before this feed was refreshed")
    }

    /// `feeds.refresh(feed)`, its outcome also given to the passes waiting for it.
    private nonisolated func refresh(_ feed: Feed, promised: PassFetches.Pending) async -> RefreshOutcome {
        let outcome = await feeds.refresh(feed)
        promised.fulfil(outcome)
        return outcome
    }
}

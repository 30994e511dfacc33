import CMalloc
import FeedEntities
import FeedFetching
import FeedIPC
import FeedParsing
import FeedStorage
import Foundation
import Logging
import Synchronization

/// The one use case that orchestrates fetch → parse → store, for a new subscription and for
/// refreshes of known feeds.
public actor RefreshInteractor {
    let fetcher: any RemoteDataManager
    let store: any FeedStore
    let now: @Sendable () -> Date
    /// What a configuration reload may change; read by the nonisolated refresh paths, hence a
    /// lock rather than actor state. A pass in progress keeps its width; the next one uses the new.
    private let tuning: Mutex<Tuning>
    struct Tuning {
        var parser: any FeedParser
        var schedule: RefreshSchedule
        var concurrency: Int
    }
    /// Where response bodies are parsed as they arrive (see `ParsingSink`).
    private let parseThread = ParseThread(name: "tidings-parse")
    /// The feeds the running passes have taken: a pass never fetches one another one has.
    private let passFetches = PassFetches()
    let logger: Logger
    /// A shared pass in progress (`refreshAll`, `refreshDue`); a second request joins it.
    private var refreshingAll: Task<[RefreshOutcome], any Error>?
    /// Whether that pass refreshes every feed (`refreshAll`) rather than those due.
    private var sharedPassCoversAll = false
    /// The progress of the shared pass so far, replayed to a caller that joins it, so that it
    /// hears of the feeds done before it came as well.
    private var sharedProgress: [RPC.Refresh.Progress] = []
    /// The callers of the shared pass that hear its progress, each through a stream of its own
    /// (the pass never waits for a slow listener); finished when the pass ends.
    private var sharedListeners: [AsyncStream<RPC.Refresh.Progress>.Continuation] = []
    /// Refresh passes running now (shared passes and passes over chosen feeds).
    private var runningPasses = 0
    /// Callers of `whilePaused` holding refreshes back now; a pass starts only at 0.
    private var pauses = 0
    /// Passes waiting for the pauses to end.
    private var waitingToStart: [CheckedContinuation<Void, Never>] = []
    /// Callers of `whilePaused` waiting for the running passes to end.
    private var waitingForIdle: [CheckedContinuation<Void, Never>] = []
    /// Told after each store that added items, so that watchers hear of them.
    let newItems: NewItemsBroadcaster?
    /// Brings the search index up to date after a pass that stored items.
    private let indexer: SearchIndexer?
    /// Shows a pass's progress and summary in `systemctl status`.
    private let notifier: (any ServiceManagerNotifier)?
    /// Runs after each pass that refreshed feeds, before the search index catches up
    /// (retention: items it deletes need no indexing).
    private let afterPass: (@Sendable () async -> Void)?
    /// What the store refused to write for a reason of its storage: the refreshes tried again
    /// and the failures recorded once it accepts writes (RefreshInteractor+StorageFailure.swift).
    public nonisolated let backlog: WriteBacklog

    public init(
        fetcher: any RemoteDataManager, parser: any FeedParser, store: any FeedStore,
        schedule: RefreshSchedule = RefreshSchedule(interval: 30 * 60),
        concurrency: Int, now: @escaping @Sendable () -> Date = { Date() },
        newItems: NewItemsBroadcaster? = nil, indexer: SearchIndexer? = nil,
        notifier: (any ServiceManagerNotifier)? = nil, afterPass: (@Sendable () async -> Void)? = nil,
        backlog: WriteBacklog = WriteBacklog(), logger: Logger
    ) {
        self.afterPass = afterPass
        self.backlog = backlog
        self.newItems = newItems
        self.indexer = indexer
        self.notifier = notifier
        self.fetcher = fetcher
        self.store = store
        self.tuning = Mutex(Tuning(parser: parser, schedule: schedule, concurrency: max(1, concurrency)))
        self.now = now
        self.logger = logger
    }

    nonisolated var parser: any FeedParser { tuning.withLock { $0.parser } }
    nonisolated var schedule: RefreshSchedule { tuning.withLock { $0.schedule } }
    nonisolated var concurrency: Int { tuning.withLock { $0.concurrency } }

    /// Applies a reloaded configuration: feeds stored from now on get next checks from the new
    /// schedule, the next pass runs `concurrency` feeds at once, and new downloads are parsed
    /// with the new parser's limits.
    public nonisolated func reconfigure(parser: any FeedParser, schedule: RefreshSchedule, concurrency: Int) {
        tuning.withLock { $0 = Tuning(parser: parser, schedule: schedule, concurrency: max(1, concurrency)) }
    }

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

    /// The shared pass runs in a task of its own, so a waiter that goes away leaves it to the
    /// others. A waiter is cancelled only when the daemon shuts down (the scheduler, or a client
    /// whose connection is closed), and then the pass is cancelled too: its transfers end at
    /// once instead of holding the shutdown for their timeouts.
    private func sharedPass(
        progress: Progress?, coversAll: Bool, _ include: @escaping @Sendable (Feed, Date) -> Bool
    ) async throws -> [RefreshOutcome] {
        let task: Task<[RefreshOutcome], any Error>
        if let refreshingAll {
            task = refreshingAll
        } else {
            task = Task {
                defer { self.sharedPassEnded() }
                return try await self.refresh(progress: { await self.shareProgress($0) }, where: include)
            }
            refreshingAll = task
            sharedPassCoversAll = coversAll
        }
        guard let progress else { return try await Self.awaitCancellably(task) }
        let (updates, listener) = AsyncStream.makeStream(of: RPC.Refresh.Progress.self)
        for update in sharedProgress { listener.yield(update) }
        sharedListeners.append(listener)
        async let outcomes = Self.awaitCancellably(task)
        for await update in updates { await progress(update) }
        return try await outcomes
    }

    /// Keeps `update` for callers that join later and passes it on to those listening now.
    private func shareProgress(_ update: RPC.Refresh.Progress) {
        sharedProgress.append(update)
        for listener in sharedListeners { listener.yield(update) }
    }

    /// Forgets the shared pass (the next request starts a new one) and ends its listeners' streams.
    private func sharedPassEnded() {
        refreshingAll = nil
        for listener in sharedListeners { listener.finish() }
        sharedListeners = []
        sharedProgress = []
    }

    private static func awaitCancellably(_ task: Task<[RefreshOutcome], any Error>) async throws -> [RefreshOutcome] {
        try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
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
    private nonisolated func refresh(
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
        await writeUnwrittenFailures()
        do {
            let now = now()
            let all = backlog.overlaying(try await store.feeds())
            if let ended = backlog.keepOnly(Set(all.map(\.id))) { logStorageRecovered(ended) }
            feeds = await correctingClockSetBack(all, at: now).filter { include($0, now) }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            logger.error("cannot read the feed list: \(error)")
            throw error
        }
        let started = ContinuousClock.now
        var outcomes = [Int64: RefreshOutcome]()
        var errors = 0
        // Feeds another running pass fetches, or has fetched, are its to fetch: this pass waits
        // for their outcomes (a wait, not one of the `concurrency` transfers).
        let claim = passFetches.claim(feeds)
        var stored = false
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
                // Every 25 feeds: systemd gets a datagram per status, so not one per feed.
                if outcomes.count % 25 == 0 {
                    notifier?.status(
                        "Refreshing: \(outcomes.count)/\(Counted.phrase(feeds.count, "feed")), \(Counted.phrase(errors, "error"))")
                }
                if fetched, let (feed, promised) = pending.popFirst() {
                    group.addTask { (await self.refresh(feed, promised: promised), true) }
                }
                await progress?(RPC.Refresh.Progress(done: outcomes.count, total: feeds.count, errors: errors, outcome: outcome))
            }
        }
        passFetches.release(claim.fetches, unfinished: Self.unfinished)
        let ordered = feeds.compactMap { outcomes[$0.id] }
        let newItems = ordered.reduce(0) { $0 + $1.newItems }
        let failed = ordered.filter { $0.error != nil }.count
        let milliseconds = Self.milliseconds(ContinuousClock.now - started)
        let summary = "\(Counted.phrase(ordered.count, "feed")): \(Counted.phrase(newItems, "new item")), "
            + Counted.phrase(failed, "error")
        // The scheduler looks every minute; a look that found no feed due is no news.
        logger.log(level: feeds.isEmpty ? .debug : .info, "refreshed \(summary) in \(milliseconds) ms")
        if !feeds.isEmpty {
            notifier?.status("Idle: last refresh of \(summary)")
        }
        // Housekeeping the caller does not wait for: the items are committed already. The
        // pass that fetched a feed does it for the items it stored.
        Task { [store, indexer, logger, afterPass, stored] in
            if !feeds.isEmpty { await afterPass?() }
            if stored {
                do {
                    // Indexed before the checkpoint, so that one checkpoint folds in both.
                    if let indexer { try await indexer.catchUp() }
                    try await store.checkpoint()
                } catch {
                    logger.warning("\(error)")
                }
            }
            Self.returnFreeMemory()
        }
        return ordered
    }

    /// Feeds refreshed beyond `concurrency` at once. The fetcher runs `concurrency` transfers and
    /// queues the rest; a feed holds its place in the pass until the store's single writer has
    /// saved it, so without these few extra places, transfers would wait for the writer rather
    /// than for the network. Each extra place may hold one parsed feed waiting to be written.
    static func storeBacklog(_ concurrency: Int) -> Int { max(2, concurrency / 4) }

    /// A duration in whole milliseconds, for the log.
    static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }

    /// Hands the heap's free pages back to the system once a pass is over. A pass parses up to
    /// `concurrency` feeds at once on several threads, and glibc keeps what their arenas freed
    /// (about 12 MB after 500 feeds) for a daemon that then sleeps until the next pass.
    private static func returnFreeMemory() {
        _ = malloc_trim(0)
    }

    /// The outcome of a feed whose refresh the daemon's stop cut short.
    static func unfinished(_ feed: Feed) -> RefreshOutcome {
        RefreshOutcome(
            feedID: feed.id, title: feed.title, url: feed.url, newItems: 0,
            error: "the daemon stopped before this feed was refreshed")
    }

    /// `refresh(feed)`, its outcome also given to the passes waiting for it.
    private nonisolated func refresh(_ feed: Feed, promised: PassFetches.Pending) async -> RefreshOutcome {
        let outcome = await refresh(feed)
        promised.fulfil(outcome)
        return outcome
    }

    /// Refreshes one feed with a conditional GET; errors become the outcome's `error` and are
    /// recorded on the feed with the next check the schedule gives them.
    private nonisolated func refresh(_ feed: Feed) async -> RefreshOutcome {
        var outcome = RefreshOutcome(feedID: feed.id, title: feed.title, url: feed.url, newItems: 0)
        let request = FetchRequest(url: feed.url, etag: feed.etag, lastModified: feed.lastModified)
        // The body is parsed as it downloads (see `ParsingSink`), never held whole.
        let sink = ParsingSink(parser: parser, thread: parseThread)
        let clock = ContinuousClock()
        let started = clock.now
        var fetched = started, parsed = started
        do {
            let response: FetchResponse
            do {
                response = try await fetcher.fetch(request, bodySink: sink)
                fetched = clock.now
            } catch {
                // A download the parser stopped (not a feed, too large) fails for that reason.
                if let failure = sink.failure { throw failure }
                throw error
            }
            let at = now()
            var check = FeedCheck(
                at: at, httpStatus: response.status, etag: response.etag, lastModified: response.lastModified,
                updateHint: feed.updateHint)
            if let target = response.permanentRedirect {
                // Moved for good twice in a row: the feed takes its new URL, items and all.
                if target == feed.movedTo, try await store.moveFeed(id: feed.id, to: target) {
                    outcome.movedTo = target
                    outcome.url = target
                    logger.info("feed moved", metadata: ["feed": "\(feed.id)", "from": "\(feed.url)", "to": "\(target)"])
                } else {
                    check.movedTo = target
                }
            }
            if response.status == 304 {
                check.nextCheck = schedule.afterSuccess(at: at, hint: Self.hint(response, check.updateHint))
                try await store.recordNotModified(feedID: feed.id, check: check)
                storeAccepted(feed.id)
                outcome.notModified = true
            } else {
                let document = try await sink.finish(response).storable
                parsed = clock.now
                check.updateHint = document.updateInterval
                if document.truncated {
                    markCutShort(&check, failures: feed.consecutiveFailures + 1)
                    outcome.error = Self.truncatedDocument
                    logger.debug(
                        "refresh failed", metadata: ["feed": "\(feed.id)", "url": "\(feed.url)", "error": "\(Self.truncatedDocument)"])
                } else {
                    check.nextCheck = schedule.afterSuccess(at: at, hint: Self.hint(response, check.updateHint))
                }
                noteUnstorableLinks(in: document, feed: feed.url)
                outcome.newItems = try await store.storeRefresh(feedID: feed.id, document: document, check: check)
                storeAccepted(feed.id)
                // The title as the store keeps it: text, not the document's markup.
                if !feed.hasCustomTitle, let title = store.storedTitle(of: document) { outcome.title = title }
                if outcome.newItems > 0 { await newItems?.storedNewItems() }
            }
            if response.status == 304 { parsed = fetched }
            let finished = clock.now
            logger.debug(
                "refreshed",
                metadata: [
                    "feed": "\(feed.id)", "status": "\(response.status)", "new": "\(outcome.newItems)",
                    "fetch_ms": "\(Self.milliseconds(fetched - started))", "parse_end_ms": "\(Self.milliseconds(parsed - fetched))",
                    "store_ms": "\(Self.milliseconds(finished - parsed))",
                ])
        } catch FeedStoreError.feedNotFound {
            outcome.error = "unsubscribed during the refresh"
            storeAccepted(feed.id)
        } catch let error as FeedStoreDatabaseError where error.isStorageFailure {
            // The daemon's trouble, not the feed's: nothing is recorded on the feed, which
            // stays due and is refreshed again by the next scheduled pass.
            outcome.error = error.description
            storeRefused(error, feedID: feed.id)
        } catch FetchError.httpStatus(410) {
            outcome.error = FetchError.httpStatus(410).description
            outcome.isGone = true
            logger.info("feed gone (410), no longer polled", metadata: ["feed": "\(feed.id)", "url": "\(feed.url)"])
            do {
                try await store.retireFeed(feedID: feed.id, check: FeedCheck(at: now(), httpStatus: 410))
                storeAccepted(feed.id)
            } catch let error as FeedStoreDatabaseError where error.isStorageFailure {
                // Not retired yet: the retry fetches it again, and retires it then.
                storeRefused(error, feedID: feed.id)
            } catch {
                // The feed was removed meanwhile: nothing is left to write for it.
                storeAccepted(feed.id)
            }
        } catch {
            let message = Self.describe(error)
            outcome.error = message
            logger.debug("refresh failed", metadata: ["feed": "\(feed.id)", "url": "\(feed.url)", "error": "\(message)"])
            let at = now()
            var check = FeedCheck(at: at, movedTo: feed.movedTo)
            var retryAfter: Int?
            switch error as? FetchError {
            case .httpStatus(let status)?: check.httpStatus = status
            case .retryLater(let status, let seconds)?:
                check.httpStatus = status
                retryAfter = seconds
            default: break
            }
            check.nextCheck = schedule.afterFailure(at: at, failures: feed.consecutiveFailures + 1, retryAfter: retryAfter)
            // Counted here: `feed` shows the failures not yet written too (`WriteBacklog`).
            check.failures = feed.consecutiveFailures + 1
            await recordFailure(
                WriteBacklog.UnwrittenFailure(error: message, check: check, failures: feed.consecutiveFailures + 1), feedID: feed.id)
        }
        return outcome
    }

    /// Parses a fetched document. Parsing is synchronous CPU work (a 32 MiB feed takes a fraction
    /// of a second): it runs on a Dispatch thread so the few cooperative threads keep answering
    /// clients meanwhile.
    nonisolated func parse(_ response: FetchResponse) async throws -> ParsedFeed {
        let parser = self.parser
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(with: Result {
                    try parser.parse(response.body, baseURL: response.finalURL, charset: response.charset)
                })
            }
        }
    }

    /// How long the feed itself says to wait, in seconds: the longer of the HTTP freshness and
    /// the update interval its document announces.
    static func hint(_ response: FetchResponse, _ documentInterval: Double?) -> Int? {
        let document = documentInterval.map { Int(min($0, Double(Int32.max))) }
        switch (response.freshFor, document) {
        case let (http?, document?): return max(http, document)
        case let (http, document): return http ?? document
        }
    }

    /// The URL as it will be stored: trimmed, absolute, `http` or `https` with a host, within
    /// `TextLimit` (checked before anything is fetched; the store would refuse it after).
    static func validatedURL(_ raw: String) throws(SubscriptionError) -> String {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard TextLimit.fits(trimmed) else { throw .tooLong(trimmed) }
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased() else {
            throw .invalidURL(raw)
        }
        guard scheme == "http" || scheme == "https" else { throw .unsupportedScheme(scheme) }
        guard let host = components.host, !host.isEmpty else { throw .invalidURL(raw) }
        return trimmed
    }

    /// The error of a fetch whose document ended before its root element closed: the body,
    /// or its compression stream, stopped early (libcurl does not check that a gzip stream
    /// reached its end, so a cut one shows only here).
    static let truncatedDocument = "truncated: the document ends before its root element closes (items before the cut were kept)"

    /// Makes `check` the failure of a document cut short: the server's fault like any failed
    /// fetch, so the feed backs off and shows the error; what came is stored, and the next
    /// fetch asks for everything (no validators).
    /// - Parameter failures: the failures in a row, this one included.
    nonisolated func markCutShort(_ check: inout FeedCheck, failures: Int) {
        check.failure = Self.truncatedDocument
        check.failures = failures
        check.etag = nil
        check.lastModified = nil
        check.nextCheck = schedule.afterFailure(at: check.at, failures: failures, retryAfter: nil)
    }

    /// One line for users, whatever failed.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as FetchError: error.description
        case let error as FeedParsingError: error.description
        case let error as CustomStringConvertible: error.description
        default: "\(error)"
        }
    }
}

/// Why a URL cannot be subscribed to before anything is fetched.
public enum SubscriptionError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidURL(String)
    case unsupportedScheme(String)
    /// A web page that links to several feeds: the user picks one.
    case severalFeeds(page: String, [FeedCandidate])
    /// A URL longer than the store keeps (`TextLimit.maximumBytes`).
    case tooLong(String)
    /// An address given without a scheme that could be reached neither over https nor over
    /// http: each URL tried and why it failed.
    case unreachable([Attempt])

    /// One URL tried for an address given without a scheme, and why its fetch failed.
    public struct Attempt: Sendable, Equatable {
        public var url: String
        public var error: FetchError
    }

    public var description: String {
        switch self {
        case .invalidURL(let url): "'\(url)' is not an absolute http or https URL"
        case .unsupportedScheme(let scheme): "only http and https feeds can be subscribed to, not '\(scheme)'"
        case .tooLong(let url): FeedStoreError.unstorableURL(url).description
        case .unreachable(let attempts): attempts.map { "\($0.url): \($0.error)" }.joined(separator: "; ")
        case .severalFeeds(let page, let candidates):
            "\(page) is a web page offering \(candidates.count) feeds: "
                + candidates.map { candidate in
                    candidate.title.map { "\(candidate.url) (\($0))" } ?? candidate.url
                }.joined(separator: ", ") + "; subscribe to one of them"
        }
    }
}

import FeedEntities
import FeedFetching
import FeedParsing
import FeedStorage
import Foundation
import Logging

/// The refresh of one feed: a conditional GET, the document parsed as it downloads, and what
/// came stored with the feed's next check. Errors never escape: each becomes the outcome's
/// `error` and is recorded on the feed. `RefreshInteractor` runs passes of these; a new
/// subscription loads its first document through the same `load`.
public struct FeedRefresher: Sendable {
    let fetcher: any RemoteDataManager
    let store: any FeedStore
    /// The parser, schedule and rules in effect (a reload replaces them).
    let tuning: LiveRefreshTuning
    /// What the store refused to write for a reason of its storage: refreshes tried again and
    /// failures recorded once it accepts writes (FeedRefresher+StorageFailure.swift).
    public let backlog: WriteBacklog
    /// Told after each store that added items, so that watchers hear of them.
    let newItems: NewItemsBroadcaster
    /// Reads the passwords of feeds with `auth_password_*` or `proxy_password_*` settings.
    let passwords: any PasswordReader
    /// Fetches the pages of the items of `full_text` feeds once their document is stored.
    let articles: (any FeedArticleFetching)?
    let now: @Sendable () -> Date
    let logger: Logger
    /// Where response bodies are parsed as they arrive (see `ParsingSink`).
    private let parseThread: ParseThread

    public init(
        fetcher: any RemoteDataManager, store: any FeedStore, tuning: LiveRefreshTuning, backlog: WriteBacklog,
        newItems: NewItemsBroadcaster, passwords: any PasswordReader, articles: (any FeedArticleFetching)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }, logger: Logger
    ) {
        self.fetcher = fetcher
        self.store = store
        self.tuning = tuning
        self.backlog = backlog
        self.newItems = newItems
        self.passwords = passwords
        self.articles = articles
        self.now = now
        self.logger = logger
        self.parseThread = ParseThread(name: "tidings-parse")
    }

    /// A fetched document, parsed.
    struct Loaded {
        var response: FetchResponse
        /// `nil` for a `304 Not Modified`.
        var document: ParsedFeed?
    }

    /// Fetches `request` and parses the body as it arrives (never holding it whole); refreshes
    /// and new subscriptions both read documents this way.
    /// - Throws: `FetchError`, or the `FeedParsingError` that stopped the download (not a feed,
    ///   too large).
    func load(_ request: FetchRequest, parser: any FeedParser) async throws -> Loaded {
        let sink = ParsingSink(parser: parser, thread: parseThread)
        let response: FetchResponse
        do {
            response = try await fetcher.fetch(request, bodySink: sink)
        } catch {
            // A download the parser stopped (not a feed, too large) fails for that reason.
            if let failure = sink.failure { throw failure }
            throw error
        }
        guard response.status != 304 else { return Loaded(response: response, document: nil) }
        return Loaded(response: response, document: try await sink.finish(response).storable)
    }

    /// Refreshes one feed with a conditional GET; errors become the outcome's `error` and are
    /// recorded on the feed with the next check the schedule gives them.
    func refresh(_ feed: Feed) async -> RefreshOutcome {
        var outcome = RefreshOutcome(feedID: feed.id, title: feed.title, url: feed.url, newItems: 0)
        let tuning = tuning.current
        let schedule = tuning.schedule.forFeed(feed.settings)
        let clock = ContinuousClock()
        let started = clock.now
        do {
            let request = FetchRequest(
                url: feed.url, etag: feed.etag, lastModified: feed.lastModified,
                settings: try await transferSettings(feed.settings), allowsCommand: true)
            let loaded = try await load(request, parser: tuning.parser(for: feed.settings))
            let response = loaded.response
            let fetched = clock.now
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
            if let document = loaded.document {
                check.updateHint = document.updateInterval
                if document.truncated {
                    markCutShort(&check, failures: feed.consecutiveFailures + 1, schedule: schedule)
                    outcome.error = Self.truncatedDocument
                    logger.debug(
                        "refresh failed", metadata: ["feed": "\(feed.id)", "url": "\(feed.url)", "error": "\(Self.truncatedDocument)"])
                } else {
                    check.nextCheck = schedule.afterSuccess(at: at, hint: Self.hint(response, check.updateHint))
                }
                noteUnstorableLinks(in: document, feed: feed.url)
                outcome.newItems = try await store.storeRefresh(
                    feedID: feed.id, document: document, check: check, rules: tuning.rules)
                storeAccepted(feed.id)
                // The title as the store keeps it: text, not the document's markup.
                if !feed.hasCustomTitle, let title = store.storedTitle(of: document) { outcome.title = title }
                if outcome.newItems > 0 { await newItems.storedNewItems() }
            } else {
                check.nextCheck = schedule.afterSuccess(at: at, hint: Self.hint(response, check.updateHint))
                try await store.recordNotModified(feedID: feed.id, check: check)
                storeAccepted(feed.id)
                outcome.notModified = true
            }
            // After the items are stored and announced: their pages cost a while.
            if let articles { _ = await articles.fetchArticles(of: feed) }
            logger.debug(
                "refreshed",
                metadata: [
                    "feed": "\(feed.id)", "status": "\(response.status)", "new": "\(outcome.newItems)",
                    "fetch_and_parse_ms": "\(Self.milliseconds(fetched - started))",
                    "store_ms": "\(Self.milliseconds(clock.now - fetched))",
                ])
        } catch FeedStoreError.feedNotFound {
            outcome.error = "unsubscribed during the refresh"
            storeAccepted(feed.id)
        } catch let error as FeedStoreDatabaseError where error.isStorageFailure {
            // The daemon's trouble, not the feed's: nothing is recorded on the feed, which
            // stays due and is refreshed again by the next scheduled pass.
            outcome.error = error.description
            storeRefused(error, feedID: feed.id)
        } catch let damage as DamagedDatabaseError {
            // The database's fault too: nothing is recorded on the feed (nothing can be).
            outcome.error = damage.description
        } catch FetchError.httpStatus(410) {
            outcome.error = FetchError.httpStatus(410).description
            outcome.isGone = true
            await retire(feed)
        } catch {
            outcome.error = await recordFailure(of: feed, error, schedule: schedule)
        }
        return outcome
    }

    /// A feed the server says is gone (410): kept, and no longer polled.
    private func retire(_ feed: Feed) async {
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
    }

    /// Records a failed fetch or parse on the feed, with the next check its backoff gives.
    /// - Returns: the one line the outcome shows.
    private func recordFailure(of feed: Feed, _ error: any Error, schedule: RefreshSchedule) async -> String {
        let message = Self.describe(error)
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
        return message
    }
}

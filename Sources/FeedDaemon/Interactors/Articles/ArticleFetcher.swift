import FeedEntities
import FeedFetching
import FeedParsing
import FeedStorage
import Foundation
import Logging

/// Fetches items' pages and keeps their articles (`full_text`, `tidings show N --full`): the
/// page is fetched with its feed's settings (its secrets only when the page is on the feed's
/// origin, `TransferSettings.forRequest`), through the daemon's one fetcher, so the per-host
/// limit holds for pages as for feeds; a host that fails as a server waits (`HostBackoff`), a
/// page that failed is tried again later, and a kept article is fetched again conditionally.
/// The extraction runs on a thread of its own, off the cooperative pool.
public struct ArticleFetcher: FeedArticleFetching {
    let fetcher: any RemoteDataManager
    let store: any FeedStore
    let extractor: ArticleExtractor
    /// What a feed's settings ask of its transfers (`FeedRefresher.transferSettings`).
    let transferSettings: @Sendable (FeedSettings) async throws -> TransferSettings
    /// The config's `full_text`, for feeds without their own.
    let policy: @Sendable () -> FullTextPolicy
    let backoff: HostBackoff
    let now: @Sendable () -> Date
    let logger: Logger
    private let thread: ParseThread

    /// The most bytes of a page read: the extractor's input limit. A longer page is cut there.
    public static let pageLimit = 8 << 20
    /// Pages a feed's refresh fetches at most; the rest wait for the next refresh.
    static let pagesPerRefresh = 25
    /// Pages of one feed fetched at once (the fetcher's per-host limit applies on top).
    static let pagesAtOnce = 4
    /// The first wait before a failed page is tried again, doubled with each failure.
    static let firstRetry: TimeInterval = 600
    /// Failed fetches of a page in a row after which the daemon stops trying on its own.
    static let attempts = 5

    public init(
        fetcher: any RemoteDataManager, store: any FeedStore, extractor: ArticleExtractor = ArticleExtractor(maximumInputSize: pageLimit),
        transferSettings: @escaping @Sendable (FeedSettings) async throws -> TransferSettings,
        policy: @escaping @Sendable () -> FullTextPolicy, now: @escaping @Sendable () -> Date = { Date() }, logger: Logger
    ) {
        self.fetcher = fetcher
        self.store = store
        self.extractor = extractor
        self.transferSettings = transferSettings
        self.policy = policy
        self.backoff = HostBackoff()
        self.now = now
        self.logger = logger
        self.thread = ParseThread(name: "tidings-extract")
    }

    /// What one page's fetch did.
    enum Outcome: Equatable {
        case extracted, noArticle, notModified, failed
        /// Not fetched: its host is waiting out a failure.
        case deferred
    }

    /// See `FeedArticleFetching.fetchArticles(of:)`.
    public func fetchArticles(of feed: Feed) async -> Int {
        guard (feed.settings.fullText ?? policy()) == .always else { return 0 }
        let requests: [ArticleRequest]
        do {
            requests = try await store.itemsAwaitingArticle(feedID: feed.id, now: now(), limit: Self.pagesPerRefresh)
        } catch {
            logger.warning("could not read the items awaiting their article", metadata: ["feed": "\(feed.id)", "error": "\(error)"])
            return 0
        }
        guard !requests.isEmpty else { return 0 }
        var outcomes: [Outcome] = []
        await withTaskGroup(of: Outcome?.self) { group in
            var next = 0
            while next < min(Self.pagesAtOnce, requests.count) {
                let request = requests[next]
                group.addTask { try? await fetch(request, feed: feed, waitingHosts: true) }
                next += 1
            }
            for await outcome in group {
                if let outcome { outcomes.append(outcome) }
                guard next < requests.count, !Task.isCancelled else { continue }
                let request = requests[next]
                group.addTask { try? await fetch(request, feed: feed, waitingHosts: true) }
                next += 1
            }
        }
        let extracted = outcomes.count { $0 == .extracted }
        logger.debug(
            "articles fetched",
            metadata: [
                "feed": "\(feed.id)", "pages": "\(requests.count)", "extracted": "\(extracted)",
                "unchanged": "\(outcomes.count { $0 == .notModified })", "failed": "\(outcomes.count { $0 == .failed })",
                "deferred": "\(outcomes.count { $0 == .deferred })",
            ])
        return extracted
    }

    /// The item's article: the one kept, or, when none is (or `refetch`), its page fetched and
    /// extracted now (conditionally, when an article is kept) and kept. A page that gives no
    /// article, or cannot be fetched, is an answer too: its status and `error` say so.
    /// - Throws: `LibraryError.noSuchItem`; `ArticleError.noLink` for an item without an
    ///   http(s) link; a `FeedStoreDatabaseError` when the outcome cannot be stored.
    public func article(itemID: Int64, refetch: Bool) async throws -> ItemArticle {
        if !refetch, let kept = try await store.article(itemID: itemID), kept.hasText { return kept }
        guard let feed = try await store.feed(ofItem: itemID) else { throw LibraryError.noSuchItem(itemID) }
        guard let request = try await store.articleRequest(itemID: itemID), FetchRequest.isWebAddress(request.link) else {
            throw ArticleError.noLink(itemID)
        }
        _ = try await fetch(request, feed: feed, waitingHosts: false)
        guard let article = try await store.article(itemID: itemID) else { throw LibraryError.noSuchItem(itemID) }
        return article
    }

    /// Fetches one page and stores what came of it.
    /// - Parameter waitingHosts: leave a page whose host waits out a failure for later (a
    ///   refresh); a page the user asks for is fetched whatever its host did.
    /// - Throws: `CancellationError`, and the store's errors (an item deleted meanwhile is
    ///   `FeedStoreError.itemNotFound`).
    func fetch(_ request: ArticleRequest, feed: Feed, waitingHosts: Bool) async throws -> Outcome {
        let started = now()
        guard let host = FetchRequest.host(of: request.link) else {
            try await store.storeArticle(
                itemID: request.itemID,
                ItemArticle(status: .noArticle, url: request.link, fetchedAt: started, error: "the link is not a web address"),
                etag: nil, lastModified: nil)
            return .noArticle
        }
        if waitingHosts, !backoff.allows(host, at: started) { return .deferred }
        let sink = PageSink(limit: Self.pageLimit)
        let response: FetchResponse?
        do {
            var settings = try await transferSettings(feed.settings).forRequest(to: request.link, setFor: feed.url)
            // The page is cut at `pageLimit` by the sink; only a body past any reason is refused.
            settings.maximumBodySize = 8 * Self.pageLimit
            response = try await fetcher.fetch(
                FetchRequest(url: request.link, etag: request.etag, lastModified: request.lastModified, settings: settings),
                bodySink: sink)
        } catch FetchError.cancelled where !Task.isCancelled && (sink.current.refusedType || sink.current.cut) {
            response = nil
        } catch {
            try Task.checkCancellation()
            return try await failed(request, host: host, error, at: started)
        }
        backoff.answered(host)
        let page = sink.current
        if let response, response.status == 304 {
            try await store.recordArticleNotModified(itemID: request.itemID, at: now())
            return .notModified
        }
        let url = page.finalURL ?? response?.finalURL ?? request.link
        if page.refusedType {
            try await store.storeArticle(
                itemID: request.itemID,
                ItemArticle(
                    status: .noArticle, url: url, fetchedAt: started,
                    error: "not an HTML page (\(PageSink.mediaType(page.contentType)))"),
                etag: nil, lastModified: nil)
            return .noArticle
        }
        let extracted = await extract(page.body, url: url, charset: FetchResponse.charset(ofContentType: page.contentType))
        let article = Self.article(extracted, url: url, fetchedAt: started, cut: page.cut, minimumText: extractor.minimumText)
        // A page cut short keeps no validators: the next fetch asks for all of it.
        try await store.storeArticle(
            itemID: request.itemID, article, etag: page.cut ? nil : response?.etag,
            lastModified: page.cut ? nil : response?.lastModified)
        return article.status == .extracted ? .extracted : .noArticle
    }

    /// Records a failed fetch: the page is tried again later (`firstRetry`, doubling, at most
    /// `attempts` times in a row), and a host that failed as a server waits.
    private func failed(_ request: ArticleRequest, host: String, _ error: any Error, at started: Date) async throws -> Outcome {
        let message = FeedRefresher.describe(error)
        let failures = request.failures + 1
        var retryAt: Date? = failures < Self.attempts
            ? started.addingTimeInterval(Self.firstRetry * pow(2, Double(failures - 1))) : nil
        switch error as? FetchError {
        case .connectionFailed?, .dnsFailure?, .timedOut?, .tls?:
            backoff.failed(host, at: started)
        case .httpStatus(let status)? where status >= 500:
            backoff.failed(host, at: started)
        case .retryLater(_, let seconds)?:
            let until = backoff.failed(host, at: started, retryAfter: seconds)
            retryAt = retryAt.map { max($0, until) }
        case .tooLarge?, .unsupportedScheme?, .invalidURL?:
            // No later fetch would do better.
            retryAt = nil
        default:
            break
        }
        logger.debug("article page failed", metadata: ["item": "\(request.itemID)", "url": "\(request.link)", "error": "\(message)"])
        try await store.recordArticleFailure(itemID: request.itemID, url: request.link, error: message, at: started, retryAt: retryAt)
        return .failed
    }

    /// Runs the extractor on the extraction thread.
    private func extract(_ body: Data, url: String, charset: String?) async -> ExtractedArticle {
        let extractor = extractor
        return await thread.run { extractor.extract(body, url: url, charset: charset) }
    }

    /// What the store keeps of an extraction.
    static func article(_ extracted: ExtractedArticle, url: String, fetchedAt: Date, cut: Bool, minimumText: Int) -> ItemArticle {
        guard extracted.method != .none, !extracted.html.isEmpty else {
            return ItemArticle(
                status: .noArticle, url: url, title: extracted.title, byline: extracted.byline, siteName: extracted.siteName,
                fetchedAt: fetchedAt, error: "no article found in the page")
        }
        return ItemArticle(
            status: .extracted, url: url, title: extracted.title, byline: extracted.byline, siteName: extracted.siteName,
            html: extracted.html, images: extracted.images, fetchedAt: fetchedAt, extractedAt: fetchedAt,
            truncated: extracted.isTruncated || cut)
    }
}

/// Why an item's article cannot be fetched.
public enum ArticleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The item has no http(s) link to a page.
    case noLink(Int64)

    public var description: String {
        switch self {
        case .noLink(let number): "item \(number) has no web link to fetch its article from"
        }
    }
}

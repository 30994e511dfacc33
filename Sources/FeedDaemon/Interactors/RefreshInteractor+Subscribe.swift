import FeedEntities
import FeedFetching
import FeedParsing
import FeedStorage
import Foundation

extension RefreshInteractor {
    /// Fetches `url` once and, if it is a feed, stores it with its items. A web page that links
    /// to exactly one feed (autodiscovery) subscribes to that feed instead. An address without
    /// a scheme (`lwn.net`, `127.0.0.1:8080/feed.xml`) is tried over https, and over http when
    /// https cannot be reached at all (DNS, connection, TLS, timeout; not an HTTP error).
    /// - Returns: the new feed (its `url` says which URL was subscribed) and the number of
    ///   items stored.
    /// - Parameters:
    ///   - tags: the new feed's tags.
    ///   - title: the user's own name for the feed; `nil` keeps the document's title.
    /// - Throws: `SubscriptionError` (bad URL, a page offering several feeds, an address
    ///   unreachable over both schemes), `FeedStoreError` (already subscribed, invalid tag or
    ///   title), `FetchError`, `FeedParsingError`; nothing is stored when it throws.
    public nonisolated func subscribe(
        url rawURL: String, tags: [String] = [], title: String? = nil
    ) async throws -> (feed: Feed, itemCount: Int) {
        // Refused before anything is fetched, as the store would refuse them after.
        let options = SubscriptionOptions(tags: try TagName.validated(tags), title: try StoredText.ownTitle(title))
        if FeedAddress.isCommand(rawURL) { return try await subscribe(command: rawURL, options) }
        guard let address = Self.schemelessAddress(rawURL) else {
            return try await subscribe(url: try Self.validatedURL(rawURL), options)
        }
        let secure = try Self.validatedURL("https://" + address), plain = try Self.validatedURL("http://" + address)
        // Either is the same feed to the user, who did not say which.
        try await refuseKnown(secure)
        try await refuseKnown(plain)
        do {
            return try await subscribe(url: secure, options)
        } catch let error as FetchError where Self.isUnreachable(error) {
            logger.info("https unreachable, trying http", metadata: ["url": "\(secure)", "error": "\(error)"])
            do {
                return try await subscribe(url: plain, options)
            } catch let second as FetchError where Self.isUnreachable(second) {
                throw SubscriptionError.unreachable([.init(url: secure, error: error), .init(url: plain, error: second)])
            }
        }
    }

    /// What the user typed, when it is an address without a scheme: no `://`, and any colon
    /// before the first `/` followed by a port number (`localhost:8080/feed`), so that another
    /// scheme's URL (`mailto:me@example.org`, `javascript:…`) stays an unsupported scheme.
    /// `nil` for anything else.
    static func schemelessAddress(_ raw: String) -> String? {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let first = text.first, first != "/", !text.contains("://") else { return nil }
        let authority = text.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        // An IPv6 literal's colons are inside its brackets: look after them.
        let hostEnd = first == "[" ? authority.firstIndex(of: "]").map(authority.index(after:)) : authority.startIndex
        guard let hostEnd else { return nil }
        if let colon = authority[hostEnd...].firstIndex(of: ":") {
            let port = authority[authority.index(after: colon)...]
            guard !port.isEmpty, port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        }
        return text
    }

    /// Whether the fetch never reached an HTTP answer: the server could not be found, reached
    /// or spoken to (TLS), or did not answer in time.
    static func isUnreachable(_ error: FetchError) -> Bool {
        switch error {
        case .dnsFailure, .connectionFailed, .timedOut, .tls, .other: true
        case .invalidURL, .unsupportedScheme, .httpStatus, .retryLater, .tooLarge, .tooManyRedirects, .cancelled: false
        }
    }

    /// Subscribes to `url`, an http or https URL already checked.
    private nonisolated func subscribe(url: String, _ options: SubscriptionOptions) async throws -> (feed: Feed, itemCount: Int) {
        try await refuseKnown(url)
        let response = try await fetcher.fetch(FetchRequest(url: url))
        do {
            return try await save(url: url, response: response, document: try await parse(response), options)
        } catch FeedParsingError.notAFeed(let what) {
            let candidates = parser.discoverFeeds(
                inHTML: response.body, baseURL: response.finalURL, charset: response.charset)
            guard let candidate = candidates.first else {
                throw FeedParsingError.notAFeed(what + (what.hasPrefix("HTML") ? " that links to no feed" : ""))
            }
            guard candidates.count == 1 else { throw SubscriptionError.severalFeeds(page: url, candidates) }
            logger.debug("autodiscovered", metadata: ["page": "\(url)", "feed": "\(candidate.url)"])
            try await refuseKnown(candidate.url)
            let feedResponse = try await fetcher.fetch(FetchRequest(url: candidate.url))
            return try await save(
                url: candidate.url, response: feedResponse, document: try await parse(feedResponse), options)
        }
    }

    nonisolated func refuseKnown(_ url: String) async throws {
        if let existing = try await store.feeds().first(where: { $0.url == url }) {
            throw FeedStoreError.alreadySubscribed(feedID: existing.id)
        }
    }

    /// What the user asked for besides the URL.
    struct SubscriptionOptions {
        var tags: [String]
        var title: String?
    }

    nonisolated func save(
        url: String, response: FetchResponse, document: ParsedFeed, _ options: SubscriptionOptions
    ) async throws -> (feed: Feed, itemCount: Int) {
        let at = now()
        var check = FeedCheck(
            at: at, httpStatus: response.status, etag: response.etag, lastModified: response.lastModified,
            nextCheck: schedule.afterSuccess(at: at, hint: Self.hint(response, document.updateInterval)),
            updateHint: document.updateInterval)
        // Subscribed all the same, with what came, failing until a refresh brings it whole.
        if document.truncated { markCutShort(&check, failures: 1) }
        noteUnstorableLinks(in: document, feed: url)
        let stored = try await store.addFeed(
            url: url, document: document.storable, check: check, tags: options.tags, customTitle: options.title)
        logger.info("subscribed", metadata: ["feed": "\(stored.feed.id)", "url": "\(url)", "items": "\(stored.itemCount)"])
        if stored.itemCount > 0 { await newItems?.storedNewItems() }
        return stored
    }

    /// Logs (at debug) the items whose link the store leaves out because it is longer than
    /// `TextLimit.maximumBytes`: the items are stored, without a link.
    nonisolated func noteUnstorableLinks(in document: ParsedFeed, feed: String) {
        let count = document.items.count { !($0.link.map { TextLimit.fits($0) } ?? true) }
        guard count > 0 else { return }
        logger.debug(
            "links too long to store left out",
            metadata: ["feed": "\(feed)", "items": "\(count)", "limit": "\(TextLimit.maximumBytes) bytes"])
    }
}

import FeedEntities
import FeedFetching
import FeedIPC
import FeedParsing
import FeedStorage
import Foundation
import Logging

/// New feeds: one subscribed to by its address (fetched and stored at once, through the same
/// `FeedRefresher.load` as every refresh), or a whole imported list (stored at once, then
/// refreshed in the background).
public struct SubscriptionInteractor: Sendable {
    /// Refreshes what an import added; its `feeds` loads and stores a new feed's document.
    private let refresher: RefreshInteractor
    private let views: ViewsInteractor
    var feeds: FeedRefresher { refresher.feeds }
    var logger: Logger { feeds.logger }

    /// - Parameter views: where an imported list's query feeds become saved views.
    public init(refresher: RefreshInteractor, views: ViewsInteractor) {
        self.refresher = refresher
        self.views = views
    }

    /// Fetches `url` once and, if it is a feed, stores it with its items. A web page that links
    /// to exactly one feed (autodiscovery) subscribes to that feed instead. An address without
    /// a scheme (`lwn.net`, `127.0.0.1:8080/feed.xml`) is tried over https, and over http when
    /// https cannot be reached at all (DNS, connection, TLS, timeout; not an HTTP error).
    /// - Returns: the new feed (its `url` says which URL was subscribed) and the number of
    ///   items stored.
    /// - Parameters:
    ///   - tags: the new feed's tags.
    ///   - title: the user's own name for the feed; `nil` keeps the document's title.
    ///   - settings: `key=value` settings (`FeedSettings.apply`) stored with the feed and used
    ///     by its first fetch already.
    /// - Throws: `SubscriptionError` (bad URL, a page offering several feeds, an address
    ///   unreachable over both schemes), `FeedStoreError` (already subscribed, invalid tag or
    ///   title), `FeedSettingsError`, `FetchError`, `FeedParsingError`, `PasswordReadError`;
    ///   nothing is stored when it throws.
    public func subscribe(
        url rawURL: String, tags: [String] = [], title: String? = nil, settings assignments: [String] = []
    ) async throws -> (feed: Feed, itemCount: Int) {
        // Refused before anything is fetched, as the store would refuse them after.
        var settings = FeedSettings()
        try settings.apply(assignments)
        var options = SubscriptionOptions(tags: try TagName.validated(tags), title: try StoredText.ownTitle(title), settings: settings)
        if FeedAddress.isCommand(rawURL) { return try await subscribe(command: rawURL, options) }
        let rawURL = Self.movingCredentials(of: rawURL.trimmingCharacters(in: .whitespacesAndNewlines), into: &options.settings)
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

    /// Subscribes to `url`, an http or https URL already checked.
    private func subscribe(url: String, _ options: SubscriptionOptions) async throws -> (feed: Feed, itemCount: Int) {
        try await refuseKnown(url)
        let tuning = feeds.tuning.current
        let parser = tuning.parser(for: options.settings)
        let transfer = try await feeds.transferSettings(options.settings)
        do {
            return try await save(
                url: url, try await feeds.load(FetchRequest(url: url, settings: transfer), parser: parser), tuning, options)
        } catch FeedParsingError.notAFeed(let what) where what.hasPrefix("HTML") {
            // A web page: read whole this once (the parse stopped its download at the first
            // sign of HTML) for the feeds it announces.
            let page = try await feeds.fetcher.fetch(FetchRequest(url: url, settings: transfer))
            let candidates = parser.discoverFeeds(inHTML: page.body, baseURL: page.finalURL, charset: page.charset)
            guard let candidate = candidates.first else {
                throw FeedParsingError.notAFeed(what + (what.hasPrefix("HTML") ? " that links to no feed" : ""))
            }
            guard candidates.count == 1 else { throw SubscriptionError.severalFeeds(page: url, candidates) }
            logger.debug("autodiscovered", metadata: ["page": "\(url)", "feed": "\(candidate.url)"])
            try await refuseKnown(candidate.url)
            return try await save(
                url: candidate.url, try await feeds.load(FetchRequest(url: candidate.url, settings: transfer), parser: parser),
                tuning, options)
        }
    }

    func refuseKnown(_ url: String) async throws {
        if let existing = try await feeds.store.feeds().first(where: { $0.url == url }) {
            throw FeedStoreError.alreadySubscribed(feedID: existing.id)
        }
    }

    /// What the user asked for besides the URL.
    struct SubscriptionOptions {
        var tags: [String]
        var title: String?
        var settings: FeedSettings
    }

    func save(
        url: String, _ loaded: FeedRefresher.Loaded, _ tuning: RefreshTuning, _ options: SubscriptionOptions
    ) async throws -> (feed: Feed, itemCount: Int) {
        let response = loaded.response
        // A first request carries no validators, so a 304 is the server's mistake.
        guard let document = loaded.document else { throw FetchError.httpStatus(response.status) }
        let schedule = tuning.schedule.forFeed(options.settings)
        let at = feeds.now()
        var check = FeedCheck(
            at: at, httpStatus: response.status, etag: response.etag, lastModified: response.lastModified,
            nextCheck: schedule.afterSuccess(at: at, hint: FeedRefresher.hint(response, document.updateInterval)),
            updateHint: document.updateInterval)
        // Subscribed all the same, with what came, failing until a refresh brings it whole.
        if document.truncated { feeds.markCutShort(&check, failures: 1, schedule: schedule) }
        feeds.noteUnstorableLinks(in: document, feed: url)
        let stored = try await feeds.store.addFeed(
            url: url, document: document, check: check, tags: options.tags, customTitle: options.title, settings: options.settings,
            rules: tuning.rules)
        logger.info("subscribed", metadata: ["feed": "\(stored.feed.id)", "url": "\(url)", "items": "\(stored.itemCount)"])
        if stored.itemCount > 0 { await feeds.newItems.storedNewItems() }
        return stored
    }

    /// Subscribes to the feeds of an OPML document or newsboat `urls` file, without fetching.
    ///
    /// A list is data someone may have handed over (a blogroll, an "awesome" list, another
    /// person's export): its command feeds (`exec:`, `filter:`, OPML's `xmlUrl="|…"` and
    /// `filtercmd`) would run their programs as the user at every refresh, so they are skipped,
    /// each reported with its command, unless `allowCommands` says the user checked them.
    /// - Throws: `SubscriptionListError` when the document cannot be read, `FeedStoreError.invalidTag`.
    public func importFeeds(_ document: String, format: ImportFormat?, allowCommands: Bool = false) async throws -> RPC.Import.Result {
        let list = try SubscriptionList.read(document, format: format.map { $0 == .opml ? .opml : .newsboat })
        var skipped = list.skipped
        var entries = list.entries
        if !allowCommands {
            let commands = entries.filter(\.isCommand)
            entries.removeAll(where: \.isCommand)
            skipped += commands.map { .init(entry: $0.url, location: $0.location, reason: Self.commandSkipReason) }
            if !commands.isEmpty {
                logger.notice("import: command feeds skipped (not allowed from a file)", metadata: ["count": "\(commands.count)"])
            }
        }
        let stored = try await feeds.store.importFeeds(
            entries.map { entry in
                var settings = FeedSettings()
                let url = entry.isCommand ? entry.url : Self.movingCredentials(of: entry.url, into: &settings)
                return FeedImport(url: url, title: entry.title, titleRole: Self.role(of: entry, in: list), tags: entry.tags, settings: settings)
            },
            at: feeds.now())
        if !stored.added.isEmpty {
            // Fetched right away rather than at the next scheduler tick; the answer does not wait.
            let ids = Set(stored.added.map(\.id))
            Task { [refresher] in _ = try? await refresher.refreshFeeds(ids) }
        }
        let commandsAdded = stored.added.filter { FeedAddress.isCommand($0.url) }
        if !commandsAdded.isEmpty {
            logger.notice(
                "import: command feeds subscribed (--allow-commands)",
                metadata: ["feeds": "\(commandsAdded.map { "\($0.id)" }.joined(separator: ","))"])
        }
        let imported = try await views.importViews(list.views)
        return RPC.Import.Result(
            format: list.format == .opml ? .opml : .newsboat, added: stored.added, existing: stored.existing,
            skipped: skipped.map { ImportSkip(entry: $0.entry, location: $0.location, reason: $0.reason) } + imported.skipped,
            views: imported.added.isEmpty ? nil : imported.added, existingViews: imported.existing.isEmpty ? nil : imported.existing)
    }

    /// `url` without the user and password of its userinfo, which become `settings`'
    /// `auth_user` and `auth_password` (unless the settings name a user already): the feed is
    /// fetched with them as before, but the password is no longer part of what every listing,
    /// export and log line shows.
    static func movingCredentials(of url: String, into settings: inout FeedSettings) -> String {
        guard let credentials = URLCredentials(splitting: url) else { return url }
        if settings.authUser == nil {
            settings.authUser = credentials.user
            settings.authPassword = credentials.password.map(PasswordSource.value)
        }
        return credentials.url
    }

    /// Why a command feed of an imported list was not subscribed to, and what the user can do.
    static let commandSkipReason =
        "a command feed runs a program at every refresh and is not imported from a file; "
        + "check the command, then import again with --allow-commands or subscribe to it with 'tidings subscribe'"

    /// What a title in an imported list is: in an OPML document Tidings wrote, the user's own
    /// when marked so and the feed's own otherwise; in another reader's OPML export, unsettled
    /// until the feed's first document (those write the feed's own title or the user's,
    /// unmarked); in a newsboat `urls` file, the user's own (`"~Title"` renames a feed there).
    static func role(of entry: SubscriptionList.Entry, in list: SubscriptionList) -> FeedImport.TitleRole {
        switch list.format {
        case .newsboat: .custom
        case .opml where list.isTidingsOPML: entry.isCustomTitle ? .custom : .provisional
        case .opml: .unconfirmed
        }
    }
}

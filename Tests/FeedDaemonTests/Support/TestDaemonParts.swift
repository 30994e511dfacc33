import FeedEntities
import FeedFetching
import FeedIPC
import FeedParsing
import FeedStorage
import Foundation
import FeedSync
import Logging

@testable import FeedDaemon

/// The daemon's parts put together for a test, with defaults for what the test does not look at.
extension RefreshInteractor {
    static func make(
        fetcher: any RemoteDataManager, parser: any FeedParser = LibXMLFeedParser(), store: any FeedStore,
        schedule: RefreshSchedule = RefreshSchedule(interval: 30 * 60), concurrency: Int,
        now: @escaping @Sendable () -> Date = { Date() }, newItems: NewItemsBroadcaster? = nil, rules: RuleSet = .none,
        passwords: any PasswordReader = PasswordsStub(), observers: [any RefreshPassObserver] = [],
        articles: (any FeedArticleFetching)? = nil, logger: Logger
    ) -> RefreshInteractor {
        let tuning = LiveRefreshTuning(RefreshTuning(
            parser: parser, parserWithLimit: { _ in parser }, schedule: schedule, concurrency: concurrency, rules: rules))
        let feeds = FeedRefresher(
            fetcher: fetcher, store: store, tuning: tuning, backlog: WriteBacklog(),
            newItems: newItems ?? NewItemsBroadcaster(store: store, logger: logger), passwords: passwords,
            articles: articles, now: now, logger: logger)
        return RefreshInteractor(feeds: feeds, observers: observers, logger: logger)
    }

    /// `SubscriptionInteractor.subscribe` through this interactor's refresher.
    func subscribe(url: String, tags: [String] = [], title: String? = nil) async throws -> (feed: Feed, itemCount: Int) {
        let views = try SQLiteFeedStore.inMemory()
        return try await SubscriptionInteractor(
            refresher: self, views: ViewsInteractor(store: views, configured: { [] }, indexer: SearchIndexer(store: views))
        ).subscribe(url: url, tags: tags, title: title)
    }
}

/// Passwords by source, for tests of settings that need one.
struct PasswordsStub: PasswordReader {
    var passwords: [PasswordSource: String] = [:]

    func password(from source: PasswordSource) async throws -> String {
        guard let password = passwords[source] else { throw PasswordReadError.notOwned(path: "\(source)") }
        return password
    }
}

extension RequestHandler {
    /// A handler over `refresher` and `library`; the interactors not given are made on their
    /// store (a restore on `restoreStore`, else on `library`'s store when it is a
    /// `SQLiteFeedStore`, else on an empty one of its own).
    static func make(
        refresher: RefreshInteractor, library: LibraryInteractor, hello: RPC.Hello.Result,
        startedAt: Date = Date(), databasePath: String = "/db", maintenance: MaintenanceInteractor? = nil,
        rules: [Rule] = [], views: [SavedView] = [], reloader: ConfigurationReloader? = nil, restoreStore: SQLiteFeedStore? = nil,
        articles: ArticleFetcher? = nil, logger: Logger
    ) throws -> RequestHandler {
        let store = library.store
        let reloader = reloader ?? ConfigurationReloader(
            configPath: "/config.yaml", load: { DaemonConfiguration() }, apply: { _ in [] }, notifier: RecordingNotifier(),
            readyStatus: "ready", logger: logger)
        let restoreStore = try restoreStore ?? (store as? SQLiteFeedStore) ?? SQLiteFeedStore(
            path: FileManager.default.temporaryDirectory.appendingPathComponent("restore-\(UUID().uuidString).sqlite").path,
            text: .verbatim)
        let newItems = refresher.feeds.newItems
        let sync = SyncCoordinator(
            store: restoreStore, services: SyncServicesStub(), configuration: { nil }, rules: { .none }, newItems: newItems,
            indexer: SearchIndexer(store: restoreStore), logger: logger)
        let viewsInteractor = ViewsInteractor(store: restoreStore, configured: { views }, indexer: SearchIndexer(store: restoreStore))
        let interactors = DaemonInteractors(
            hello: hello, refresher: refresher, subscriptions: SubscriptionInteractor(refresher: refresher, views: viewsInteractor),
            library: library,
            feedSettings: FeedSettingsInteractor(store: store), reading: ReadingPosition(store: store),
            status: StatusReporter(
                hello: hello, startedAt: startedAt, databasePath: databasePath, library: library, refresher: refresher,
                reloader: reloader, sync: sync),
            newItems: newItems,
            maintenance: maintenance ?? MaintenanceInteractor(store: store, retentionPolicy: { RetentionPolicy() }, logger: logger),
            rules: RulesInteractor(store: store, rules: { rules }),
            views: viewsInteractor,
            reloader: reloader,
            restorer: LiveRestore(
                store: restoreStore, refresher: refresher, indexer: SearchIndexer(store: restoreStore), newItems: newItems,
                logger: logger),
            sync: sync,
            articles: articles ?? ArticleFetcher(
                fetcher: refresher.feeds.fetcher, store: store, transferSettings: { _ in TransferSettings() },
                policy: { .never }, logger: logger))
        return RequestHandler(interactors, logger: logger)
    }
}

/// A sync service source for tests that sync nothing: any use is a failure of the test.
struct SyncServicesStub: SyncServiceSource {
    var make: @Sendable (SyncConfiguration) throws -> any SyncService = { _ in
        throw SyncError.unsupported("no sync service in this test")
    }

    func service(for configuration: SyncConfiguration) async throws -> any SyncService { try make(configuration) }
    func forget() {}
}

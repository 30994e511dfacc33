import FeedIPC

/// The use cases a `RequestHandler` routes requests to: built once by the daemon's object graph
/// (`DaemonGraph`), every one of them present.
public struct DaemonInteractors: Sendable {
    public var hello: RPC.Hello.Result
    public var refresher: RefreshInteractor
    public var subscriptions: SubscriptionInteractor
    public var library: LibraryInteractor
    public var feedSettings: FeedSettingsInteractor
    /// Remembers the item shown last, for `items.next`.
    public var reading: ReadingPosition
    public var status: StatusReporter
    /// Where `watch` requests wait for new items.
    public var newItems: NewItemsBroadcaster
    public var maintenance: MaintenanceInteractor
    public var rules: RulesInteractor
    /// Saved views (`views.*`, and `view` in listings and marking).
    public var views: ViewsInteractor
    public var reloader: ConfigurationReloader
    public var restorer: LiveRestore
    public var sync: SyncCoordinator
    /// `daemon.stop`.
    public var stopper: DaemonStopper
    /// Items' pages fetched for their article (`items.article`).
    public var articles: ArticleFetcher
    /// Article images drawn for the terminal (`images.render`).
    public var images: ImageRenderer?

    public init(
        hello: RPC.Hello.Result, refresher: RefreshInteractor, subscriptions: SubscriptionInteractor,
        library: LibraryInteractor, feedSettings: FeedSettingsInteractor, reading: ReadingPosition, status: StatusReporter, newItems: NewItemsBroadcaster,
        maintenance: MaintenanceInteractor, rules: RulesInteractor, views: ViewsInteractor, reloader: ConfigurationReloader, restorer: LiveRestore,
        sync: SyncCoordinator, articles: ArticleFetcher, images: ImageRenderer? = nil,
        stopper: DaemonStopper = DaemonStopper(environment: [:], signal: {})
    ) {
        self.stopper = stopper
        self.images = images
        self.articles = articles
        self.hello = hello
        self.refresher = refresher
        self.subscriptions = subscriptions
        self.library = library
        self.feedSettings = feedSettings
        self.reading = reading
        self.status = status
        self.newItems = newItems
        self.maintenance = maintenance
        self.rules = rules
        self.views = views
        self.reloader = reloader
        self.restorer = restorer
        self.sync = sync
    }
}

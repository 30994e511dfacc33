import FeedEntities

// `tidings subscribe URL [--tag T]… [--title T] [--set key=value]… [--json]`: add a feed.

/// Writes the outcome of a subscription.
public protocol SubscribeView: AnyObject {
    /// Shows the confirmation line on stdout; with `--json`, instead, the new feed and the
    /// number of items stored as one JSON document.
    func showSubscribed(_ message: String, feed: FeedRow, itemsStored: Int)
    /// Shows, on stdout, the feeds the web page at `page` offers, numbered in the page's order,
    /// and how to subscribe to one of them; with `--json`, the candidates as one JSON document.
    func showCandidates(_ rows: [FeedCandidateRow], offeredBy page: String)
    /// Shows why nothing was subscribed, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// What to subscribe to.
public struct SubscribeRequest: Equatable, Sendable {
    /// The feed's URL, or a web page that announces one feed.
    public var url: String
    /// Tags for the new feed; none when empty.
    public var tags: [String]
    /// The user's own title instead of the document's; `nil` keeps the document's.
    public var title: String?
    /// `key=value` settings for the feed (`tidings feed set`), in force from its first fetch.
    public var settings: [String]

    public init(url: String, tags: [String] = [], title: String? = nil, settings: [String] = []) {
        self.url = url
        self.tags = tags
        self.title = title
        self.settings = settings
    }
}

/// Subscribing, as the daemon does it.
public protocol SubscribeUseCase {
    /// Asks the daemon to fetch `request.url` once, with the settings, and store it as a feed
    /// with the tags, title and settings.
    /// - Returns: the stored feed; its `itemCount` is the number of items stored from the fetch.
    /// - Throws: `DaemonRefusal` from the daemon (fetch failed, not a feed, already subscribed, an
    ///   invalid tag or setting, or `severalFeeds` with the page's candidates in `data`) or
    ///   `DaemonClientError`. Nothing is stored when it throws.
    func subscribe(_ request: SubscribeRequest) async throws -> Feed
}

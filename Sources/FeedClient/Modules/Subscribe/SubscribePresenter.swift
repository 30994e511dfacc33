import FeedEntities

/// Subscribes to one URL and phrases the outcome; lists the choices when the URL is a web page
/// that offers several feeds.
public final class SubscribePresenter {
    private let request: SubscribeRequest
    private let view: any SubscribeView
    private let interactor: any SubscribeUseCase
    private let clock: any WallClock

    public init(
        request: SubscribeRequest, view: any SubscribeView, interactor: any SubscribeUseCase, clock: any WallClock
    ) {
        self.request = request
        self.view = view
        self.interactor = interactor
        self.clock = clock
    }

    // MARK: - Events

    public func viewDidLoad() async -> ExitStatus {
        do {
            let feed = try await interactor.subscribe(request)
            // The feed object is the one `tidings feeds --json` writes, so scripts read one shape.
            view.showSubscribed(
                Self.confirmation(for: feed, requested: request.url), feed: FeedRow(feed, now: clock.now, clock: clock), itemsStored: feed.itemCount)
            // Every setting accepted shows in the feed: none means a daemon that does not know
            // them (older than this client) subscribed without them.
            if !request.settings.isEmpty, feed.settings.isEmpty {
                view.showFailure(CommandFailure(message: Self.settingsIgnored(feed: feed.id)))
                return .failure
            }
            return .success
        } catch let error as DaemonRefusal {
            guard case .severalFeeds(_, let candidates) = error, !candidates.isEmpty else { return fail(error) }
            // The list is the useful answer, but nothing was subscribed: the command failed.
            view.showCandidates(Self.rows(for: candidates), offeredBy: request.url)
            return .failure
        } catch {
            return fail(error)
        }
    }

    private func fail(_ error: any Error) -> ExitStatus {
        let failure = CommandFailure(error, action: "cannot subscribe to \(request.url)")
        view.showFailure(failure)
        return failure.status
    }

    // MARK: - Mapping

    /// `Subscribed to "Planet Terminal" (3 items)`, then `, tagged linux, news` when it has tags.
    /// When the feed's URL is not the one `requested` (an address given without a scheme, a
    /// page that announced its feed), it is named: `Subscribed to "LWN.net" at https://lwn.net/headlines/rss (3 items)`.
    static func confirmation(for feed: Feed, requested: String? = nil) -> String {
        let tags = feed.tags.isEmpty ? "" : ", tagged " + feed.tags.joined(separator: ", ")
        // The daemon trims what it is given, as here.
        let typed = requested.map(\.trimmingWhitespace)
        let url = typed == nil || typed == feed.url ? "" : " at \(feed.url)"
        return "Subscribed to \"\(feed.title)\"\(url) (\(Counted.phrase(feed.itemCount, "item")))" + tags
    }

    /// What is said when the daemon subscribed without the settings it was given.
    static func settingsIgnored(feed: Int64) -> String {
        "subscribed to feed \(feed) without its settings: the daemon is older than this tidings; restart it, then give them with 'tidings feed set \(feed) key=value…'"
    }

    static func rows(for candidates: [FeedCandidate]) -> [FeedCandidateRow] {
        candidates.enumerated().map { index, candidate in
            let title = candidate.title.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
            return FeedCandidateRow(
                number: index + 1, title: title ?? "(\(kind(of: candidate.type)))", url: candidate.url, givenTitle: title,
                type: candidate.type)
        }
    }

    /// What an untitled feed is, from its media type, so that a page's RSS and Atom versions
    /// can be told apart.
    static func kind(of type: String) -> String {
        switch type {
        case "application/rss+xml", "application/rdf+xml": "RSS"
        case "application/atom+xml": "Atom"
        case "application/feed+json", "application/json": "JSON Feed"
        default: "no title"
        }
    }
}

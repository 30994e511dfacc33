import FeedEntities

/// Changes one feed's tags and shows the tags it has afterwards.
public final class TagFeedPresenter {
    private let selector: String
    private let changes: TagChanges
    private let view: any TagFeedView
    private let interactor: any TagFeedUseCase
    private let clock: any WallClock

    public init(
        selector: String, changes: TagChanges, view: any TagFeedView, interactor: any TagFeedUseCase, clock: any WallClock
    ) {
        self.selector = selector
        self.changes = changes
        self.view = view
        self.interactor = interactor
        self.clock = clock
    }

    // MARK: - Events

    public func viewDidLoad() async -> ExitStatus {
        do {
            let feed = try await interactor.tag(feed: selector, with: changes)
            view.showTags(Self.line(for: feed), feed: FeedRow(feed, now: clock.now, clock: clock))
            return .success
        } catch {
            let action = changes.isEmpty ? "cannot show the tags of '\(selector)'" : "cannot tag '\(selector)'"
            let failure = CommandFailure(error, action: action)
            view.showFailure(failure)
            return failure.status
        }
    }

    // MARK: - Mapping

    /// `Planet Terminal: linux, news`, or `Planet Terminal: no tags`.
    static func line(for feed: Feed) -> String {
        "\(feed.title): " + (feed.tags.isEmpty ? "no tags" : feed.tags.joined(separator: ", "))
    }
}

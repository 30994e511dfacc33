import FeedEntities

/// Changes one feed's tags and shows the tags it has afterwards.
public final class TagFeedPresenter: TagFeedPresentation {
    private let selector: String
    private let changes: TagChanges
    private let view: any TagFeedView
    private let interactor: any TagFeedUseCase
    private let wireframe: any TagFeedWireframe
    private let clock: any WallClock

    public init(
        selector: String, changes: TagChanges, view: any TagFeedView, interactor: any TagFeedUseCase,
        wireframe: any TagFeedWireframe, clock: any WallClock
    ) {
        self.selector = selector
        self.changes = changes
        self.view = view
        self.interactor = interactor
        self.wireframe = wireframe
        self.clock = clock
    }

    // MARK: - TagFeedPresentation

    public func viewDidLoad() async {
        do {
            let feed = try await interactor.tag(feed: selector, with: changes)
            view.showTags(Self.line(for: feed), feed: FeedRow(feed, now: clock.now, clock: clock))
            wireframe.navigate(to: .exit(.success))
        } catch {
            let action = changes.isEmpty ? "cannot show the tags of '\(selector)'" : "cannot tag '\(selector)'"
            let failure = CommandFailure(error, action: action)
            view.showFailure(failure)
            wireframe.navigate(to: .exit(failure.status))
        }
    }

    // MARK: - Mapping

    /// `Planet Terminal: linux, news`, or `Planet Terminal: no tags`.
    static func line(for feed: Feed) -> String {
        "\(feed.title): " + (feed.tags.isEmpty ? "no tags" : feed.tags.joined(separator: ", "))
    }
}

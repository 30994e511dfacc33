import FeedEntities

/// Removes one feed and phrases the outcome.
public final class UnsubscribePresenter: UnsubscribePresentation {
    private let selector: String
    private let view: any UnsubscribeView
    private let interactor: any UnsubscribeUseCase
    private let wireframe: any UnsubscribeWireframe
    private let clock: any WallClock

    public init(
        selector: String, view: any UnsubscribeView, interactor: any UnsubscribeUseCase,
        wireframe: any UnsubscribeWireframe, clock: any WallClock
    ) {
        self.selector = selector
        self.view = view
        self.interactor = interactor
        self.wireframe = wireframe
        self.clock = clock
    }

    // MARK: - UnsubscribePresentation

    public func viewDidLoad() async {
        do {
            let feed = try await interactor.unsubscribe(from: selector)
            view.showUnsubscribed(Self.confirmation(for: feed), feed: FeedRow(feed, now: clock.now, clock: clock))
            wireframe.navigate(to: .exit(.success))
        } catch {
            let failure = CommandFailure(error, action: "cannot unsubscribe from '\(selector)'")
            view.showFailure(failure)
            wireframe.navigate(to: .exit(failure.status))
        }
    }

    // MARK: - Mapping

    /// `Unsubscribed from "Planet Terminal" (3 items deleted)`.
    static func confirmation(for feed: Feed) -> String {
        "Unsubscribed from \"\(feed.title)\" (\(Counted.phrase(feed.itemCount, "item")) deleted)"
    }
}

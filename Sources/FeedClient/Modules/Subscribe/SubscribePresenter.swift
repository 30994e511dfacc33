import FeedEntities

/// Subscribes to one URL and phrases the outcome.
public final class SubscribePresenter: SubscribePresentation {
    private let url: String
    private let view: any SubscribeView
    private let interactor: any SubscribeUseCase
    private let wireframe: any SubscribeWireframe

    public init(url: String, view: any SubscribeView, interactor: any SubscribeUseCase, wireframe: any SubscribeWireframe) {
        self.url = url
        self.view = view
        self.interactor = interactor
        self.wireframe = wireframe
    }

    // MARK: - SubscribePresentation

    public func viewDidLoad() async {
        do {
            let feed = try await interactor.subscribe(to: url)
            view.showSubscribed(Self.confirmation(for: feed))
            wireframe.navigate(to: .exit(.success))
        } catch {
            let failure = CommandFailure(error, action: "cannot subscribe to \(url)")
            view.showFailure(failure)
            wireframe.navigate(to: .exit(failure.status))
        }
    }

    // MARK: - Mapping

    /// `Subscribed to "Planet Terminal" (3 items)`.
    static func confirmation(for feed: Feed) -> String {
        "Subscribed to \"\(feed.title)\" (\(Counted.phrase(feed.itemCount, "item")))"
    }
}

/// Shows new items as the daemon reports them, until it stops.
///
/// The daemon answers a watch only when it shuts down; that ends the command with a failure
/// status, so that a script or a service manager restarting `tidings watch` notices.
public final class WatchPresenter {
    private let view: any WatchView
    private let interactor: any WatchUseCase
    private let mapper: ItemRowMapper

    public init(view: any WatchView, interactor: any WatchUseCase, clock: any WallClock) {
        self.view = view
        self.interactor = interactor
        self.mapper = ItemRowMapper(clock: clock)
    }

    // MARK: - Events

    public func viewDidLoad() async -> ExitStatus {
        do {
            try await interactor.watch { event in
                switch event {
                case .newItems(let items):
                    if !items.isEmpty { view.showItems(items.map(mapper.row(for:))) }
                case .unreadable(let reason):
                    view.showNote("skipped new items the daemon announced but this client cannot read (\(reason))")
                }
            }
            view.showNote("the daemon stopped")
            return .failure
        } catch {
            let failure = CommandFailure(error, action: "cannot watch")
            view.showFailure(failure)
            return failure.status
        }
    }
}

/// Wires the FeedList module and records where it ends.
public final class FeedListRouter: FeedListWireframe {
    /// The status the module navigated to; failure until it says otherwise.
    public private(set) var exitStatus: ExitStatus = .failure

    public init() {}

    /// Builds the module for `tidings feeds [--json] [--failing] [--tag T]`.
    public static func assemble(
        json: Bool, failing: Bool = false, tag: String? = nil, dependencies: ClientDependencies
    ) -> AssembledModule {
        let router = FeedListRouter()
        let terminal = dependencies.terminal
        let presenter = FeedListPresenter(
            view: TerminalFeedListView(terminal: terminal, format: .choose(json: json, isTTY: terminal.isTTY)),
            interactor: FeedListInteractor(daemon: dependencies.daemon),
            wireframe: router,
            clock: dependencies.clock,
            onlyFailing: failing,
            tag: tag)
        return AssembledModule(load: presenter.viewDidLoad, outcome: { router.exitStatus })
    }

    public func navigate(to route: FeedListRoute) {
        switch route {
        case .exit(let status): exitStatus = status
        }
    }
}

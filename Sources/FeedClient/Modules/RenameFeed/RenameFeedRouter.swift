/// Wires the RenameFeed module and records where it ends.
public final class RenameFeedRouter: RenameFeedWireframe {
    /// The status the module navigated to; failure until it says otherwise.
    public private(set) var exitStatus: ExitStatus = .failure

    public init() {}

    /// Builds the module for `tidings rename FEED TITLE… [--json]` (`title: nil` for `--reset`).
    public static func assemble(
        selector: String, title: String?, json: Bool, dependencies: ClientDependencies
    ) -> AssembledModule {
        let router = RenameFeedRouter()
        let presenter = RenameFeedPresenter(
            selector: selector,
            title: title,
            view: TerminalRenameFeedView(terminal: dependencies.terminal, json: json),
            interactor: RenameFeedInteractor(daemon: dependencies.daemon),
            wireframe: router,
            clock: dependencies.clock)
        return AssembledModule(load: presenter.viewDidLoad, outcome: { router.exitStatus })
    }

    public func navigate(to route: RenameFeedRoute) {
        switch route {
        case .exit(let status): exitStatus = status
        }
    }
}

/// Wires the Refresh module and records where it ends.
public final class RefreshRouter: RefreshWireframe {
    /// The status the module navigated to; failure until it says otherwise.
    public private(set) var exitStatus: ExitStatus = .failure

    public init() {}

    /// Builds the module for `tidings refresh [FEED...] [--json]`.
    public static func assemble(selectors: [String], json: Bool, dependencies: ClientDependencies) -> AssembledModule {
        let router = RefreshRouter()
        let presenter = RefreshPresenter(
            selectors: selectors,
            view: TerminalRefreshView(terminal: dependencies.terminal, json: json),
            interactor: RefreshInteractor(daemon: dependencies.daemon),
            wireframe: router)
        return AssembledModule(load: presenter.viewDidLoad, outcome: { router.exitStatus })
    }

    public func navigate(to route: RefreshRoute) {
        switch route {
        case .exit(let status): exitStatus = status
        }
    }
}

/// Wires the Rules module and records where it ends.
public final class RulesRouter: RulesWireframe {
    /// The status the module navigated to; failure until it says otherwise.
    public private(set) var exitStatus: ExitStatus = .failure

    public init() {}

    /// Builds the module for `tidings rules [--json]`, `tidings rules test NAME [--json]` and
    /// `tidings rules apply NAME [--json]`.
    public static func assemble(_ request: RulesRequest, json: Bool, dependencies: ClientDependencies) -> AssembledModule {
        let router = RulesRouter()
        let terminal = dependencies.terminal
        let presenter = RulesPresenter(
            view: TerminalRulesView(terminal: terminal, format: .choose(json: json, isTTY: terminal.isTTY)),
            interactor: RulesInteractor(daemon: dependencies.daemon),
            wireframe: router,
            request: request,
            clock: dependencies.clock)
        return AssembledModule(load: presenter.viewDidLoad, outcome: { router.exitStatus })
    }

    public func navigate(to route: RulesRoute) {
        switch route {
        case .exit(let status): exitStatus = status
        }
    }
}

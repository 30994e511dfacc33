/// Wires the Status module and records where it ends.
public final class StatusRouter: StatusWireframe {
    /// The status the module navigated to; failure until it says otherwise.
    public private(set) var exitStatus: ExitStatus = .failure

    public init() {}

    /// Builds the module for `tidings status [--json]`.
    public static func assemble(json: Bool, dependencies: ClientDependencies) -> AssembledModule {
        let router = StatusRouter()
        let terminal = dependencies.terminal
        let presenter = StatusPresenter(
            view: TerminalStatusView(terminal: terminal, format: .choose(json: json, isTTY: terminal.isTTY)),
            interactor: StatusInteractor(daemon: dependencies.daemon),
            wireframe: router,
            clock: dependencies.clock)
        return AssembledModule(load: presenter.viewDidLoad, outcome: { router.exitStatus })
    }

    public func navigate(to route: StatusRoute) {
        switch route {
        case .exit(let status): exitStatus = status
        }
    }
}

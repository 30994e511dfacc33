/// Wires the Reload module and records where it ends.
public final class ReloadRouter: ReloadWireframe {
    /// The status the module navigated to; failure until it says otherwise.
    public private(set) var exitStatus: ExitStatus = .failure

    public init() {}

    /// Builds the module for `tidings reload`.
    public static func assemble(dependencies: ClientDependencies) -> AssembledModule {
        let router = ReloadRouter()
        let presenter = ReloadPresenter(
            view: TerminalReloadView(terminal: dependencies.terminal),
            interactor: ReloadInteractor(daemon: dependencies.daemon),
            wireframe: router)
        return AssembledModule(load: presenter.viewDidLoad, outcome: { router.exitStatus })
    }

    public func navigate(to route: ReloadRoute) {
        switch route {
        case .exit(let status): exitStatus = status
        }
    }
}

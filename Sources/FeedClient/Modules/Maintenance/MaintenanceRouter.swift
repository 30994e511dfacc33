/// Wires the Maintenance module and records where it ends.
public final class MaintenanceRouter: MaintenanceWireframe {
    /// The status the module navigated to; failure until it says otherwise.
    public private(set) var exitStatus: ExitStatus = .failure

    public init() {}

    /// Builds the module for `tidings maintenance [--no-vacuum] [--retention] [--json]`.
    public static func assemble(vacuum: Bool, retention: Bool, json: Bool, dependencies: ClientDependencies) -> AssembledModule {
        let router = MaintenanceRouter()
        let terminal = dependencies.terminal
        let presenter = MaintenancePresenter(
            view: TerminalMaintenanceView(terminal: terminal, format: .choose(json: json, isTTY: terminal.isTTY)),
            interactor: MaintenanceInteractor(daemon: dependencies.daemon),
            wireframe: router,
            vacuum: vacuum,
            retention: retention)
        return AssembledModule(load: presenter.viewDidLoad, outcome: { router.exitStatus })
    }

    public func navigate(to route: MaintenanceRoute) {
        switch route {
        case .exit(let status): exitStatus = status
        }
    }
}

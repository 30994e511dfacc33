/// Wires the Restore module and records where it ends.
public final class RestoreRouter: RestoreWireframe {
    /// The status the module navigated to; failure until it says otherwise.
    public private(set) var exitStatus: ExitStatus = .failure

    public init() {}

    /// Builds the module for `tidings restore BACKUP`.
    /// - Parameters:
    ///   - backup: an absolute path.
    ///   - dependencies: their `daemon` must not start a daemon (see `RestoreInteractor`).
    public static func assemble(backup: String, dependencies: ClientDependencies) -> AssembledModule {
        let router = RestoreRouter()
        let presenter = RestorePresenter(
            backup: backup, view: TerminalRestoreView(terminal: dependencies.terminal),
            interactor: RestoreInteractor(
                daemon: dependencies.daemon, offline: ProcessOfflineRestorer(environment: dependencies.environment)),
            wireframe: router)
        return AssembledModule(load: presenter.viewDidLoad, outcome: { router.exitStatus })
    }

    public func navigate(to route: RestoreRoute) {
        switch route {
        case .exit(let status): exitStatus = status
        }
    }
}

/// Wires the Watch module and records where it ends.
public final class WatchRouter: WatchWireframe {
    /// The status the module navigated to; failure until it says otherwise.
    public private(set) var exitStatus: ExitStatus = .failure

    public init() {}

    /// Builds the module for `tidings watch`.
    public static func assemble(json: Bool, dependencies: ClientDependencies) -> AssembledModule {
        let router = WatchRouter()
        let terminal = dependencies.terminal
        let presenter = WatchPresenter(
            view: TerminalWatchView(terminal: terminal, format: .choose(json: json, isTTY: terminal.isTTY)),
            interactor: WatchInteractor(daemon: dependencies.daemon),
            wireframe: router,
            clock: dependencies.clock)
        return AssembledModule(load: presenter.viewDidLoad, outcome: { router.exitStatus })
    }

    public func navigate(to route: WatchRoute) {
        switch route {
        case .exit(let status): exitStatus = status
        }
    }
}

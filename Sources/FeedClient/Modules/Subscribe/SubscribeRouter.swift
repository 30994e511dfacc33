/// Wires the Subscribe module and records where it ends.
public final class SubscribeRouter: SubscribeWireframe {
    /// The status the module navigated to; failure until it says otherwise.
    public private(set) var exitStatus: ExitStatus = .failure

    public init() {}

    /// Builds the module for `tidings subscribe URL [--tag T]… [--title T] [--json]`.
    public static func assemble(request: SubscribeRequest, json: Bool, dependencies: ClientDependencies) -> AssembledModule {
        let router = SubscribeRouter()
        let presenter = SubscribePresenter(
            request: request,
            view: TerminalSubscribeView(terminal: dependencies.terminal, json: json),
            interactor: SubscribeInteractor(daemon: dependencies.daemon),
            wireframe: router,
            clock: dependencies.clock)
        return AssembledModule(load: presenter.viewDidLoad, outcome: { router.exitStatus })
    }

    /// Builds the module for `tidings subscribe URL` without tags, title or `--json`.
    public static func assemble(url: String, dependencies: ClientDependencies) -> AssembledModule {
        assemble(request: SubscribeRequest(url: url), json: false, dependencies: dependencies)
    }

    public func navigate(to route: SubscribeRoute) {
        switch route {
        case .exit(let status): exitStatus = status
        }
    }
}

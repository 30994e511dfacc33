/// Wires the Unsubscribe module and records where it ends.
public final class UnsubscribeRouter: UnsubscribeWireframe {
    /// The status the module navigated to; failure until it says otherwise.
    public private(set) var exitStatus: ExitStatus = .failure

    public init() {}

    /// Builds the module for `tidings unsubscribe FEED [--delete-starred] [--json]`.
    public static func assemble(
        selector: String, deleteStarred: Bool = false, json: Bool, dependencies: ClientDependencies
    ) -> AssembledModule {
        let router = UnsubscribeRouter()
        let presenter = UnsubscribePresenter(
            selector: selector, deleteStarred: deleteStarred,
            view: TerminalUnsubscribeView(terminal: dependencies.terminal, json: json),
            interactor: UnsubscribeInteractor(daemon: dependencies.daemon),
            wireframe: router,
            clock: dependencies.clock)
        return AssembledModule(load: presenter.viewDidLoad, outcome: { router.exitStatus })
    }

    public func navigate(to route: UnsubscribeRoute) {
        switch route {
        case .exit(let status): exitStatus = status
        }
    }
}

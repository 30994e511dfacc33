/// Wires the TagFeed module and records where it ends.
public final class TagFeedRouter: TagFeedWireframe {
    /// The status the module navigated to; failure until it says otherwise.
    public private(set) var exitStatus: ExitStatus = .failure

    public init() {}

    /// Builds the module for `tidings tag FEED +TAG -TAG… [--json]`.
    public static func assemble(
        selector: String, changes: TagChanges, json: Bool, dependencies: ClientDependencies
    ) -> AssembledModule {
        let router = TagFeedRouter()
        let presenter = TagFeedPresenter(
            selector: selector,
            changes: changes,
            view: TerminalTagFeedView(terminal: dependencies.terminal, json: json),
            interactor: TagFeedInteractor(daemon: dependencies.daemon),
            wireframe: router,
            clock: dependencies.clock)
        return AssembledModule(load: presenter.viewDidLoad, outcome: { router.exitStatus })
    }

    public func navigate(to route: TagFeedRoute) {
        switch route {
        case .exit(let status): exitStatus = status
        }
    }
}

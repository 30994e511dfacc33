/// Wires the Search module and records where it ends.
public final class SearchRouter: SearchWireframe {
    /// The status the module navigated to; failure until it says otherwise.
    public private(set) var exitStatus: ExitStatus = .failure

    public init() {}

    /// Builds the module for `tidings search`.
    public static func assemble(query: SearchQuery, json: Bool, dependencies: ClientDependencies) -> AssembledModule {
        let router = SearchRouter()
        let terminal = dependencies.terminal
        let presenter = SearchPresenter(
            query: query,
            view: TerminalSearchView(terminal: terminal, format: .choose(json: json, isTTY: terminal.isTTY)),
            interactor: SearchInteractor(daemon: dependencies.daemon),
            wireframe: router,
            clock: dependencies.clock)
        return AssembledModule(load: presenter.viewDidLoad, outcome: { router.exitStatus })
    }

    public func navigate(to route: SearchRoute) {
        switch route {
        case .exit(let status): exitStatus = status
        }
    }
}

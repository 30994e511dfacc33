/// Wires the ItemList module and records where it ends.
public final class ItemListRouter: ItemListWireframe {
    /// The status the module navigated to; failure until it says otherwise.
    public private(set) var exitStatus: ExitStatus = .failure

    public init() {}

    /// Builds the module for `tidings list`.
    public static func assemble(query: ItemListQuery, json: Bool, dependencies: ClientDependencies) -> AssembledModule {
        let router = ItemListRouter()
        let terminal = dependencies.terminal
        let presenter = ItemListPresenter(
            query: query,
            view: TerminalItemListView(terminal: terminal, format: .choose(json: json, isTTY: terminal.isTTY)),
            interactor: ItemListInteractor(daemon: dependencies.daemon),
            wireframe: router,
            clock: dependencies.clock)
        return AssembledModule(load: presenter.viewDidLoad, outcome: { router.exitStatus })
    }

    public func navigate(to route: ItemListRoute) {
        switch route {
        case .exit(let status): exitStatus = status
        }
    }
}

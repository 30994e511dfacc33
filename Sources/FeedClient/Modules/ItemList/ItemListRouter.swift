/// Wires the ItemList module and records where it ends.
public final class ItemListRouter: ItemListWireframe {
    /// The status the module navigated to; failure until it says otherwise.
    public private(set) var exitStatus: ExitStatus = .failure

    public init() {}

    /// Builds the module for `tidings list`. A table without `--limit` lists one screen
    /// (`terminal.height - 2` items, at least 5), leaving room for the note and the prompt.
    public static func assemble(query: ItemListQuery, json: Bool, dependencies: ClientDependencies) -> AssembledModule {
        let router = ItemListRouter()
        let terminal = dependencies.terminal
        let format = OutputFormat.choose(json: json, isTTY: terminal.isTTY)
        let presenter = ItemListPresenter(
            query: query,
            screenLimit: format == .table ? max(5, terminal.height - 2) : nil,
            view: TerminalItemListView(terminal: terminal, format: format),
            interactor: ItemListInteractor(daemon: dependencies.daemon, clock: dependencies.clock),
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

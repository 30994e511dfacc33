/// Wires the Search module. It goes to no other screen: the presenter's answer is how the command
/// ends.
public enum SearchRouter {
    /// Builds the module for `tidings search`.
    public static func assemble(query: SearchRequest, json: Bool, dependencies: ClientDependencies) -> AssembledModule {
        let terminal = dependencies.terminal
        let presenter = SearchPresenter(
            query: query,
            view: TerminalSearchView(terminal: terminal, format: .choose(json: json, isTTY: terminal.isTTY)),
            interactor: SearchInteractor(daemon: dependencies.daemon),
            clock: dependencies.clock)
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

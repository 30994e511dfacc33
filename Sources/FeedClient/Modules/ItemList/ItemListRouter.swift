/// Wires the ItemList module. It goes to no other screen: the presenter's answer is how the command
/// ends.
public enum ItemListRouter {
    /// Builds the module for `tidings list`. A table without `--limit` lists one screen
    /// (`terminal.height - 2` items, at least 5), leaving room for the note and the prompt.
    public static func assemble(query: ItemListQuery, json: Bool, dependencies: ClientDependencies) -> AssembledModule {
        let terminal = dependencies.terminal
        let format = OutputFormat.choose(json: json, isTTY: terminal.isTTY)
        let presenter = ItemListPresenter(
            query: query,
            screenLimit: format == .table ? max(5, terminal.height - 2) : nil,
            view: TerminalItemListView(terminal: terminal, format: format),
            interactor: ItemListInteractor(daemon: dependencies.daemon, clock: dependencies.clock),
            clock: dependencies.clock)
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

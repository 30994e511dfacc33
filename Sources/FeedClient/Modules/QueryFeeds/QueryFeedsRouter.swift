/// Wires the QueryFeeds module. It goes to no other screen: the presenter's answer is how the
/// command ends.
public enum QueryFeedsRouter {
    /// Builds the module for `tidings view [list|add|remove]`.
    public static func assemble(_ request: QueryFeedsRequest, json: Bool, dependencies: ClientDependencies) -> AssembledModule {
        let terminal = dependencies.terminal
        let presenter = QueryFeedsPresenter(
            view: TerminalQueryFeedsView(terminal: terminal, format: .choose(json: json, isTTY: terminal.isTTY)),
            interactor: QueryFeedsInteractor(daemon: dependencies.daemon),
            request: request)
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

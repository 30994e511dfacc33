/// Wires the Refresh module. It goes to no other screen: the presenter's answer is how the command
/// ends.
public enum RefreshRouter {
    /// Builds the module for `tidings refresh [FEED...] [--json]`.
    public static func assemble(selectors: [String], json: Bool, dependencies: ClientDependencies) -> AssembledModule {
        let presenter = RefreshPresenter(
            selectors: selectors,
            view: TerminalRefreshView(terminal: dependencies.terminal, json: json),
            interactor: RefreshInteractor(daemon: dependencies.daemon))
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

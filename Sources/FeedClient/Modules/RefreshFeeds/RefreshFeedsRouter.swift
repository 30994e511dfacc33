/// Wires the RefreshFeeds module. It goes to no other screen: the presenter's answer is how the command
/// ends.
public enum RefreshFeedsRouter {
    /// Builds the module for `tidings refresh [FEED...] [--json]`.
    public static func assemble(selectors: [String], json: Bool, dependencies: ClientDependencies) -> AssembledModule {
        let presenter = RefreshFeedsPresenter(
            selectors: selectors,
            view: TerminalRefreshFeedsView(terminal: dependencies.terminal, json: json),
            interactor: RefreshFeedsInteractor(daemon: dependencies.daemon))
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

/// Wires the ManageViews module. It goes to no other screen: the presenter's answer is how the
/// command ends.
public enum ManageViewsRouter {
    /// Builds the module for `tidings view [list|add|remove]`.
    public static func assemble(_ request: ManageViewsRequest, json: Bool, dependencies: ClientDependencies) -> AssembledModule {
        let terminal = dependencies.terminal
        let presenter = ManageViewsPresenter(
            view: TerminalManageViewsView(terminal: terminal, format: .choose(json: json, isTTY: terminal.isTTY)),
            interactor: ManageViewsInteractor(daemon: dependencies.daemon),
            request: request)
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

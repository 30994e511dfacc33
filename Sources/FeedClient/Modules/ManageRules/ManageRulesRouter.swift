/// Wires the ManageRules module. It goes to no other screen: the presenter's answer is how the command
/// ends.
public enum ManageRulesRouter {
    /// Builds the module for `tidings rules [--json]`, `tidings rules test NAME [--json]` and
    /// `tidings rules apply NAME [--json]`.
    public static func assemble(_ request: ManageRulesRequest, json: Bool, dependencies: ClientDependencies) -> AssembledModule {
        let terminal = dependencies.terminal
        let presenter = ManageRulesPresenter(
            view: TerminalManageRulesView(terminal: terminal, format: .choose(json: json, isTTY: terminal.isTTY)),
            interactor: ManageRulesInteractor(daemon: dependencies.daemon),
            request: request,
            clock: dependencies.clock)
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

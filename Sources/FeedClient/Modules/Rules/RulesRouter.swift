/// Wires the Rules module. It goes to no other screen: the presenter's answer is how the command
/// ends.
public enum RulesRouter {
    /// Builds the module for `tidings rules [--json]`, `tidings rules test NAME [--json]` and
    /// `tidings rules apply NAME [--json]`.
    public static func assemble(_ request: RulesRequest, json: Bool, dependencies: ClientDependencies) -> AssembledModule {
        let terminal = dependencies.terminal
        let presenter = RulesPresenter(
            view: TerminalRulesView(terminal: terminal, format: .choose(json: json, isTTY: terminal.isTTY)),
            interactor: RulesInteractor(daemon: dependencies.daemon),
            request: request,
            clock: dependencies.clock)
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

/// Wires the Status module. It goes to no other screen: the presenter's answer is how the command
/// ends.
public enum StatusRouter {
    /// Builds the module for `tidings status [--json]`.
    public static func assemble(json: Bool, dependencies: ClientDependencies) -> AssembledModule {
        let terminal = dependencies.terminal
        let presenter = StatusPresenter(
            view: TerminalStatusView(terminal: terminal, format: .choose(json: json, isTTY: terminal.isTTY)),
            interactor: StatusInteractor(daemon: dependencies.daemon),
            clock: dependencies.clock)
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

/// Wires the RunMaintenance module. It goes to no other screen: the presenter's answer is how the command
/// ends.
public enum RunMaintenanceRouter {
    /// Builds the module for `tidings maintenance [--no-vacuum] [--retention] [--json]`.
    public static func assemble(vacuum: Bool, retention: Bool, json: Bool, dependencies: ClientDependencies) -> AssembledModule {
        let terminal = dependencies.terminal
        let presenter = RunMaintenancePresenter(
            view: TerminalRunMaintenanceView(terminal: terminal, format: .choose(json: json, isTTY: terminal.isTTY)),
            interactor: RunMaintenanceInteractor(daemon: dependencies.daemon),
            vacuum: vacuum,
            retention: retention)
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

/// Wires the Sync module. It goes to no other screen: the presenter's answer is how the command
/// ends.
public enum SyncRouter {
    /// Builds the module for `tidings sync [--full] [--json]` and `tidings sync --status [--json]`.
    public static func assemble(action: SyncAction, json: Bool, dependencies: ClientDependencies) -> AssembledModule {
        let terminal = dependencies.terminal
        let presenter = SyncPresenter(
            view: TerminalSyncView(terminal: terminal, format: .choose(json: json, isTTY: terminal.isTTY)),
            interactor: SyncInteractor(daemon: dependencies.daemon),
            clock: dependencies.clock,
            action: action)
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

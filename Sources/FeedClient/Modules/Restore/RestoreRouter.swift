/// Wires the Restore module. It goes to no other screen: the presenter's answer is how the command
/// ends.
public enum RestoreRouter {
    /// Builds the module for `tidings restore BACKUP`.
    /// - Parameters:
    ///   - backup: an absolute path.
    ///   - dependencies: their `daemon` must not start a daemon (see `RestoreInteractor`).
    ///   - allowCommands: `--allow-commands`: restore a backup that subscribes to command feeds.
    public static func assemble(backup: String, allowCommands: Bool = false, dependencies: ClientDependencies) -> AssembledModule {
        let presenter = RestorePresenter(
            backup: backup, view: TerminalRestoreView(terminal: dependencies.terminal),
            interactor: RestoreInteractor(
                daemon: dependencies.daemon, offline: ProcessOfflineRestorer(environment: dependencies.environment),
                allowCommands: allowCommands))
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

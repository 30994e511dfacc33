/// Wires the StopDaemon module. It goes to no other screen.
public enum StopDaemonRouter {
    /// Builds the module for `tidings stop`; `dependencies` must not start a daemon (there is
    /// nothing to stop then).
    public static func assemble(dependencies: ClientDependencies) -> AssembledModule {
        let presenter = StopDaemonPresenter(
            view: TerminalStopDaemonView(terminal: dependencies.terminal),
            interactor: StopDaemonInteractor(daemon: dependencies.daemon, processes: ProcDaemonProcessTable()))
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

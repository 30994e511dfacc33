/// Wires the Reload module. It goes to no other screen: the presenter's answer is how the command
/// ends.
public enum ReloadRouter {
    /// Builds the module for `tidings reload`.
    public static func assemble(dependencies: ClientDependencies) -> AssembledModule {
        let presenter = ReloadPresenter(
            view: TerminalReloadView(terminal: dependencies.terminal),
            interactor: ReloadInteractor(daemon: dependencies.daemon, settings: dependencies.settings))
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

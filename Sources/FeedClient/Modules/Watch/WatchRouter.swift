/// Wires the Watch module. It goes to no other screen: the presenter's answer is how the command
/// ends.
public enum WatchRouter {
    /// Builds the module for `tidings watch`.
    public static func assemble(json: Bool, dependencies: ClientDependencies) -> AssembledModule {
        let terminal = dependencies.terminal
        let presenter = WatchPresenter(
            view: TerminalWatchView(terminal: terminal, format: .choose(json: json, isTTY: terminal.isTTY)),
            interactor: WatchInteractor(daemon: dependencies.daemon),
            clock: dependencies.clock)
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

/// Wires the RenameFeed module. It goes to no other screen: the presenter's answer is how the command
/// ends.
public enum RenameFeedRouter {
    /// Builds the module for `tidings rename FEED TITLE… [--json]` (`title: nil` for `--reset`).
    public static func assemble(
        selector: String, title: String?, json: Bool, dependencies: ClientDependencies
    ) -> AssembledModule {
        let presenter = RenameFeedPresenter(
            selector: selector,
            title: title,
            view: TerminalRenameFeedView(terminal: dependencies.terminal, json: json),
            interactor: RenameFeedInteractor(daemon: dependencies.daemon),
            clock: dependencies.clock)
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

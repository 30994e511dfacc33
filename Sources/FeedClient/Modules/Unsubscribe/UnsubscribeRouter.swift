/// Wires the Unsubscribe module. It goes to no other screen: the presenter's answer is how the
/// command ends.
public enum UnsubscribeRouter {
    /// Builds the module for `tidings unsubscribe FEED… [--delete-starred] [--json]`.
    public static func assemble(
        selectors: [String], deleteStarred: Bool = false, json: Bool, dependencies: ClientDependencies
    ) -> AssembledModule {
        let presenter = UnsubscribePresenter(
            selectors: selectors, deleteStarred: deleteStarred,
            view: TerminalUnsubscribeView(terminal: dependencies.terminal, json: json),
            interactor: UnsubscribeInteractor(daemon: dependencies.daemon),
            clock: dependencies.clock)
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

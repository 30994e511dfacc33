/// Wires the TagFeed module. It goes to no other screen: the presenter's answer is how the
/// command ends.
public enum TagFeedRouter {
    /// Builds the module for `tidings tag FEED +TAG -TAG… [--json]`.
    public static func assemble(
        selector: String, changes: TagChanges, json: Bool, dependencies: ClientDependencies
    ) -> AssembledModule {
        let presenter = TagFeedPresenter(
            selector: selector,
            changes: changes,
            view: TerminalTagFeedView(terminal: dependencies.terminal, json: json),
            interactor: TagFeedInteractor(daemon: dependencies.daemon),
            clock: dependencies.clock)
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

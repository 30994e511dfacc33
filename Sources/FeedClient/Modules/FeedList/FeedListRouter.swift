/// Wires the FeedList module. It goes to no other screen: the presenter's answer is how the command
/// ends.
public enum FeedListRouter {
    /// Builds the module for `tidings feeds [--json] [--failing] [--tag T]`.
    public static func assemble(
        json: Bool, failing: Bool = false, tag: String? = nil, dependencies: ClientDependencies
    ) -> AssembledModule {
        let terminal = dependencies.terminal
        let presenter = FeedListPresenter(
            view: TerminalFeedListView(terminal: terminal, format: .choose(json: json, isTTY: terminal.isTTY)),
            interactor: FeedListInteractor(daemon: dependencies.daemon, listing: !json),
            clock: dependencies.clock,
            onlyFailing: failing,
            tag: tag)
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

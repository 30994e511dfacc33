/// Wires the ChangeFeedSettings module. It goes to no other screen: the presenter's answer is
/// how the command ends.
public enum ChangeFeedSettingsRouter {
    /// Builds the module for `tidings feed show|set|unset FEED … [--json]`.
    /// - Parameter input: where `KEY=-` and `--stdin` read; standard input unless a test says otherwise.
    public static func assemble(
        selector: String, change: FeedSettingsChange, json: Bool, dependencies: ClientDependencies,
        input: any FeedSettingsInput = StandardFeedSettingsInput()
    ) -> AssembledModule {
        let presenter = ChangeFeedSettingsPresenter(
            selector: selector,
            change: change,
            view: TerminalChangeFeedSettingsView(terminal: dependencies.terminal, json: json),
            interactor: ChangeFeedSettingsInteractor(daemon: dependencies.daemon, input: input),
            clock: dependencies.clock)
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

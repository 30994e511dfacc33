/// Wires the Subscribe module. It goes to no other screen: the presenter's answer is how the
/// command ends.
public enum SubscribeRouter {
    /// Builds the module for `tidings subscribe URL [--tag T]… [--title T] [--json]`.
    public static func assemble(request: SubscribeRequest, json: Bool, dependencies: ClientDependencies) -> AssembledModule {
        let presenter = SubscribePresenter(
            request: request,
            view: TerminalSubscribeView(terminal: dependencies.terminal, json: json),
            interactor: SubscribeInteractor(daemon: dependencies.daemon),
            clock: dependencies.clock)
        return AssembledModule(run: presenter.viewDidLoad)
    }

    /// Builds the module for `tidings subscribe URL` without tags, title or `--json`.
    public static func assemble(url: String, dependencies: ClientDependencies) -> AssembledModule {
        assemble(request: SubscribeRequest(url: url), json: false, dependencies: dependencies)
    }
}

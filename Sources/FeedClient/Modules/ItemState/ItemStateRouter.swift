/// Wires the ItemState module (for `read`, `unread`, `star` and `unstar`). It goes to no other
/// screen: the presenter's answer is how the command ends.
public enum ItemStateRouter {
    /// Builds the module for one of the four commands.
    public static func assemble(
        action: ItemStateAction, selection: ItemSelection, json: Bool, dependencies: ClientDependencies
    ) -> AssembledModule {
        let terminal = dependencies.terminal
        let presenter = ItemStatePresenter(
            action: action, selection: selection,
            view: TerminalItemStateView(terminal: terminal, format: .choose(json: json, isTTY: terminal.isTTY)),
            interactor: ItemStateInteractor(daemon: dependencies.daemon))
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

/// Wires the ItemState module (for `read`, `unread`, `star` and `unstar`) and records where it ends.
public final class ItemStateRouter: ItemStateWireframe {
    /// The status the module navigated to; failure until it says otherwise.
    public private(set) var exitStatus: ExitStatus = .failure

    public init() {}

    /// Builds the module for one of the four commands.
    public static func assemble(
        action: ItemStateAction, selection: ItemSelection, json: Bool, dependencies: ClientDependencies
    ) -> AssembledModule {
        let router = ItemStateRouter()
        let terminal = dependencies.terminal
        let presenter = ItemStatePresenter(
            action: action, selection: selection,
            view: TerminalItemStateView(terminal: terminal, format: .choose(json: json, isTTY: terminal.isTTY)),
            interactor: ItemStateInteractor(daemon: dependencies.daemon),
            wireframe: router)
        return AssembledModule(load: presenter.viewDidLoad, outcome: { router.exitStatus })
    }

    public func navigate(to route: ItemStateRoute) {
        switch route {
        case .exit(let status): exitStatus = status
        }
    }
}

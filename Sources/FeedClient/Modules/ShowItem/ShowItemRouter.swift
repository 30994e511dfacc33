/// Wires the ShowItem module and records where it ends.
public final class ShowItemRouter: ShowItemWireframe {
    /// The status the module navigated to; failure until it says otherwise.
    public private(set) var exitStatus: ExitStatus = .failure

    public init() {}

    /// Builds the module for `tidings show [N | --next]`: the daemon renders the content at the
    /// terminal's width (80 or `$COLUMNS` when stdout is not a terminal).
    /// - Parameters:
    ///   - number: the item; `nil` for the newest unread one, or the next (`next`).
    ///   - next: without a number, the first unread item listed after the one shown last.
    public static func assemble(
        number: Int64?, next: Bool = false, marksRead: Bool, json: Bool, dependencies: ClientDependencies
    ) -> AssembledModule {
        let router = ShowItemRouter()
        let terminal = dependencies.terminal
        let presenter = ShowItemPresenter(
            request: ShowItemRequest(number: number, next: next, marksRead: marksRead, width: terminal.width),
            view: TerminalShowItemView(terminal: terminal, format: .choose(json: json, isTTY: terminal.isTTY)),
            interactor: ShowItemInteractor(daemon: dependencies.daemon),
            wireframe: router,
            clock: dependencies.clock)
        return AssembledModule(load: presenter.viewDidLoad, outcome: { router.exitStatus })
    }

    public func navigate(to route: ShowItemRoute) {
        switch route {
        case .exit(let status): exitStatus = status
        }
    }
}

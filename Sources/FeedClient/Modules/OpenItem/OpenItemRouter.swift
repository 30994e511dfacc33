/// Wires the OpenItem module; owns the browser launcher, since opening a link is navigation.
public final class OpenItemRouter: OpenItemWireframe {
    /// The status the module navigated to; failure until it says otherwise.
    public private(set) var exitStatus: ExitStatus = .failure
    private let launcher: any BrowserLauncher
    private let environment: [String: String]

    /// - Parameter environment: read for `BROWSER`.
    public init(launcher: any BrowserLauncher, environment: [String: String]) {
        self.launcher = launcher
        self.environment = environment
    }

    /// Builds the module for `tidings open [N] [--enclosure]`.
    public static func assemble(request: OpenItemRequest, dependencies: ClientDependencies) -> AssembledModule {
        let router = OpenItemRouter(launcher: dependencies.launcher, environment: dependencies.environment)
        let presenter = OpenItemPresenter(
            request: request,
            view: TerminalOpenItemView(terminal: dependencies.terminal),
            interactor: OpenItemInteractor(daemon: dependencies.daemon, settings: dependencies.settings),
            wireframe: router)
        return AssembledModule(load: presenter.viewDidLoad, outcome: { router.exitStatus })
    }

    public func navigate(to route: OpenItemRoute) throws {
        switch route {
        case .browser(let link, let configuredBrowser):
            let commands = BrowserCommand.candidates(configured: configuredBrowser, environment: environment)
            _ = try launcher.open(link, with: commands)
        case .exit(let status):
            exitStatus = status
        }
    }
}

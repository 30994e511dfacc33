/// Wires the OpenItem module; owns the browser launcher, since opening a link is navigation.
/// The presenter's answer is how the command ends.
public final class OpenItemRouter: OpenItemWireframe {
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
        return AssembledModule(run: presenter.viewDidLoad)
    }

    public func navigate(to route: OpenItemRoute) throws {
        switch route {
        case .browser(let link, let configuredBrowser):
            let commands = BrowserCommand.candidates(configured: configuredBrowser, environment: environment)
            _ = try launcher.open(link, with: commands)
        }
    }
}

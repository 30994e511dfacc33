import FeedIPC

/// Wires the ImportFeeds module and records where it ends.
public final class ImportFeedsRouter: ImportFeedsWireframe {
    /// The status the module navigated to; failure until it says otherwise.
    public private(set) var exitStatus: ExitStatus = .failure

    public init() {}

    /// Builds the module for `tidings import FILE [--format F] [--json]`.
    /// - Parameter reader: where the file comes from; the real file system unless a test says otherwise.
    public static func assemble(
        path: String, format: ImportFormat?, json: Bool, dependencies: ClientDependencies,
        reader: any ImportFileReader = POSIXImportFileReader()
    ) -> AssembledModule {
        let router = ImportFeedsRouter()
        let terminal = dependencies.terminal
        let presenter = ImportFeedsPresenter(
            path: path,
            format: format,
            view: TerminalImportFeedsView(terminal: terminal, json: json),
            interactor: ImportFeedsInteractor(daemon: dependencies.daemon, reader: reader),
            wireframe: router,
            clock: dependencies.clock)
        return AssembledModule(load: presenter.viewDidLoad, outcome: { router.exitStatus })
    }

    public func navigate(to route: ImportFeedsRoute) {
        switch route {
        case .exit(let status): exitStatus = status
        }
    }
}

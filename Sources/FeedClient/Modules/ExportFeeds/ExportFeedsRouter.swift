/// Wires the ExportFeeds module and records where it ends.
public final class ExportFeedsRouter: ExportFeedsWireframe {
    /// The status the module navigated to; failure until it says otherwise.
    public private(set) var exitStatus: ExitStatus = .failure

    public init() {}

    /// Builds the module for `tidings export [--format F] [--output FILE]`.
    /// - Parameter writer: where files go; the real file system unless a test says otherwise.
    public static func assemble(
        format: ExportFormat, output: String?, dependencies: ClientDependencies,
        writer: any ExportFileWriter = AtomicExportFileWriter()
    ) -> AssembledModule {
        let router = ExportFeedsRouter()
        let presenter = ExportFeedsPresenter(
            format: format,
            output: output,
            view: TerminalExportFeedsView(terminal: dependencies.terminal),
            interactor: ExportFeedsInteractor(daemon: dependencies.daemon, writer: writer),
            wireframe: router,
            clock: dependencies.clock)
        return AssembledModule(load: presenter.viewDidLoad, outcome: { router.exitStatus })
    }

    public func navigate(to route: ExportFeedsRoute) {
        switch route {
        case .exit(let status): exitStatus = status
        }
    }
}

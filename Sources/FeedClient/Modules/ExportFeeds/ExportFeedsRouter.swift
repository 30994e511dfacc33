/// Wires the ExportFeeds module. It goes to no other screen: the presenter's answer is how the command
/// ends.
public enum ExportFeedsRouter {
    /// Builds the module for `tidings export [--format F] [--output FILE]`.
    /// - Parameter writer: where files go; the real file system unless a test says otherwise.
    public static func assemble(
        format: ExportFormat, output: String?, dependencies: ClientDependencies,
        writer: any ExportFileWriter = AtomicExportFileWriter()
    ) -> AssembledModule {
        let presenter = ExportFeedsPresenter(
            format: format,
            output: output,
            view: TerminalExportFeedsView(terminal: dependencies.terminal),
            interactor: ExportFeedsInteractor(daemon: dependencies.daemon, writer: writer),
            clock: dependencies.clock)
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

import FeedEntities
import FeedIPC

/// Wires the ImportFeeds module. It goes to no other screen: the presenter's answer is how the command
/// ends.
public enum ImportFeedsRouter {
    /// Builds the module for `tidings import FILE [--format F] [--allow-commands] [--json]`.
    /// - Parameter reader: where the file comes from; the real file system unless a test says otherwise.
    public static func assemble(
        path: String, format: ImportFormat?, allowCommands: Bool = false, json: Bool, dependencies: ClientDependencies,
        reader: any ImportFileReader = POSIXImportFileReader()
    ) -> AssembledModule {
        let terminal = dependencies.terminal
        let presenter = ImportFeedsPresenter(
            path: path,
            format: format,
            allowCommands: allowCommands,
            view: TerminalImportFeedsView(terminal: terminal, json: json),
            interactor: ImportFeedsInteractor(daemon: dependencies.daemon, reader: reader),
            clock: dependencies.clock)
        return AssembledModule(run: presenter.viewDidLoad)
    }
}

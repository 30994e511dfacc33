import FeedEntities

/// Builds the export document from the feeds, in the client: the daemon only lists them.
public final class ExportFeedsPresenter {
    private let format: ExportFormat
    private let output: String?
    private let view: any ExportFeedsView
    private let interactor: any ExportFeedsUseCase
    private let clock: any WallClock

    /// - Parameter output: the file to write; `nil` or `-` for stdout.
    public init(
        format: ExportFormat, output: String?, view: any ExportFeedsView, interactor: any ExportFeedsUseCase,
        clock: any WallClock
    ) {
        self.format = format
        self.output = output == "-" ? nil : output
        self.view = view
        self.interactor = interactor
        self.clock = clock
    }

    // MARK: - Events

    public func viewDidLoad() async -> ExitStatus {
        do {
            let feeds = try await interactor.feeds()
            // Only a newsboat urls file has a place for views (its query feeds).
            let views = format == .newsboat ? try await interactor.views() : []
            let document = document(for: feeds, views: views)
            for note in document.notes { view.showNote(note) }
            if let output {
                try interactor.save(document.text, toPath: output)
                view.showSaved("Exported \(Counted.phrase(feeds.count, "feed")) to \(output)")
            } else {
                view.showDocument(document.text)
            }
            return .success
        } catch {
            let failure = CommandFailure(error, action: output.map { "cannot export to \($0)" } ?? "cannot export the feeds")
            view.showFailure(failure)
            return failure.status
        }
    }

    // MARK: - Mapping

    func document(for feeds: [Feed], views: [SavedView] = []) -> ExportDocument {
        switch format {
        case .opml: OPMLExport.document(for: feeds, createdAt: clock.now)
        case .newsboat: NewsboatURLsExport.document(for: feeds, views: views)
        }
    }
}

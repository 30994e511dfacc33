import FeedEntities

/// Refreshes and summarises the outcomes. Feeds that failed are reported, but the command
/// still succeeds: the refresh ran, and `tidings feeds` keeps showing the error.
public final class RefreshPresenter: RefreshPresentation {
    private let selectors: [String]
    private let view: any RefreshView
    private let interactor: any RefreshUseCase
    private let wireframe: any RefreshWireframe

    public init(selectors: [String], view: any RefreshView, interactor: any RefreshUseCase, wireframe: any RefreshWireframe) {
        self.selectors = selectors
        self.view = view
        self.interactor = interactor
        self.wireframe = wireframe
    }

    // MARK: - RefreshPresentation

    public func viewDidLoad() async {
        do {
            let outcomes = try await interactor.refresh(selectors)
            view.showReport(Self.report(for: outcomes))
            wireframe.navigate(to: .exit(.success))
        } catch {
            let failure = CommandFailure(error, action: "cannot refresh")
            view.showFailure(failure)
            wireframe.navigate(to: .exit(failure.status))
        }
    }

    // MARK: - Mapping

    static func report(for outcomes: [RefreshOutcome]) -> RefreshReport {
        guard !outcomes.isEmpty else {
            return RefreshReport(lines: [], summary: "No feeds to refresh; add one with 'tidings subscribe URL'.")
        }
        var lines: [String] = []
        for outcome in outcomes {
            if let error = outcome.error {
                lines.append("\(outcome.title): error: \(error)")
            } else if outcome.newItems > 0 {
                lines.append("\(outcome.title): \(Counted.phrase(outcome.newItems, "new item"))")
            }
        }
        let newItems = outcomes.reduce(0) { $0 + $1.newItems }
        let errors = outcomes.count { $0.error != nil }
        var summary = "Refreshed \(Counted.phrase(outcomes.count, "feed")): "
        summary += newItems == 0 ? "no new items" : Counted.phrase(newItems, "new item")
        if errors > 0 { summary += ", " + Counted.phrase(errors, "error") }
        return RefreshReport(lines: lines, summary: summary)
    }
}

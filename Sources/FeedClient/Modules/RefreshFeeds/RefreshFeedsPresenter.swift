import FeedEntities

/// Refreshes and summarises the outcomes. Feeds that failed are reported, but the command
/// still succeeds: the refresh ran, and `tidings feeds` keeps showing the error.
public final class RefreshFeedsPresenter {
    private let selectors: [String]
    private let view: any RefreshFeedsView
    private let interactor: any RefreshFeedsUseCase

    public init(selectors: [String], view: any RefreshFeedsView, interactor: any RefreshFeedsUseCase) {
        self.selectors = selectors
        self.view = view
        self.interactor = interactor
    }

    // MARK: - Events

    public func viewDidLoad() async -> ExitStatus {
        do {
            let outcomes = try await interactor.refresh(selectors) { progress in
                view.showProgress(Self.progressReport(for: progress))
            }
            view.showReport(Self.report(for: outcomes))
            return .success
        } catch {
            let failure = CommandFailure(error, action: "cannot refresh")
            view.showFailure(failure)
            return failure.status
        }
    }

    // MARK: - Mapping

    static func report(for outcomes: [RefreshOutcome]) -> RefreshReport {
        let rows = outcomes.map(row(for:))
        guard !outcomes.isEmpty else {
            return RefreshReport(
                lines: [], summary: "No feeds to refresh; add one with 'tidings subscribe URL'.", outcomes: rows,
                newItems: 0, unchanged: 0, errors: 0)
        }
        let lines = outcomes.flatMap { Self.lines(for: $0) }
        let newItems = outcomes.reduce(0) { $0 + $1.newItems }
        let errors = outcomes.count { $0.error != nil && !$0.isGone }
        let unchanged = outcomes.count { $0.notModified }
        let gone = outcomes.count { $0.isGone }
        var summary = "Refreshed \(Counted.phrase(outcomes.count, "feed")): "
        summary += newItems == 0 ? "no new items" : Counted.phrase(newItems, "new item")
        if unchanged > 0 { summary += ", \(unchanged) unchanged" }
        if errors > 0 { summary += ", " + Counted.phrase(errors, "error") }
        if gone > 0 { summary += ", \(gone) gone" }
        return RefreshReport(
            lines: lines, summary: summary, outcomes: rows, newItems: newItems, unchanged: unchanged, errors: errors)
    }

    static func row(for outcome: RefreshOutcome) -> RefreshOutcomeRow {
        RefreshOutcomeRow(
            feedNumber: outcome.feedID, title: outcome.title, url: outcome.url, newItems: outcome.newItems,
            error: outcome.error, notModified: outcome.notModified, movedTo: outcome.movedTo, gone: outcome.isGone)
    }

    /// What the report says of one feed: nothing when it has nothing new (unless `always`).
    static func lines(for outcome: RefreshOutcome, always: Bool = false) -> [String] {
        var lines: [String] = []
        if let movedTo = outcome.movedTo {
            lines.append("\(outcome.title): moved for good to \(movedTo); the feed now uses that URL")
        }
        if outcome.isGone {
            lines.append("\(outcome.title): gone (HTTP 410): kept, no longer fetched")
        } else if let error = outcome.error {
            lines.append("\(outcome.title): error: \(error)")
        } else if outcome.newItems > 0 {
            lines.append("\(outcome.title): \(Counted.phrase(outcome.newItems, "new item"))")
        } else if always {
            lines.append("\(outcome.title): \(outcome.notModified ? "unchanged" : "no new items")")
        }
        return lines
    }

    static func progressReport(for progress: RefreshProgress) -> RefreshProgressReport {
        RefreshProgressReport(
            done: progress.done, total: progress.total, errors: progress.errors, feedTitle: progress.outcome?.title,
            lines: progress.outcome.map { lines(for: $0, always: true) } ?? [])
    }
}

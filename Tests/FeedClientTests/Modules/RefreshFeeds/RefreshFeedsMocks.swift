import FeedEntities
import FeedIPC
@testable import FeedClient

final class RefreshFeedsViewSpy: RefreshFeedsView {
    private(set) var progress: [RefreshProgressReport] = []
    private(set) var reports: [RefreshReport] = []
    private(set) var failures: [CommandFailure] = []
    func showProgress(_ progress: RefreshProgressReport) { self.progress.append(progress) }
    func showReport(_ report: RefreshReport) { reports.append(report) }
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class RefreshFeedsUseCaseStub: RefreshFeedsUseCase {
    var result: Result<[RefreshOutcome], any Error>
    /// Sent to `progress` before the result.
    var progressUpdates: [RefreshProgress] = []
    private(set) var selectors: [[String]] = []
    init(_ result: Result<[RefreshOutcome], any Error>) { self.result = result }
    func refresh(_ selectors: [String], progress: (RefreshProgress) -> Void) async throws -> [RefreshOutcome] {
        self.selectors.append(selectors)
        progressUpdates.forEach(progress)
        return try result.get()
    }
}

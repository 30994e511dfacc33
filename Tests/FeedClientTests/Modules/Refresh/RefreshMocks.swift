import FeedEntities
@testable import FeedClient

final class RefreshViewSpy: RefreshView {
    private(set) var reports: [RefreshReport] = []
    private(set) var failures: [CommandFailure] = []
    func showReport(_ report: RefreshReport) { reports.append(report) }
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class RefreshUseCaseStub: RefreshUseCase {
    var result: Result<[RefreshOutcome], any Error>
    private(set) var selectors: [[String]] = []
    init(_ result: Result<[RefreshOutcome], any Error>) { self.result = result }
    func refresh(_ selectors: [String]) async throws -> [RefreshOutcome] {
        self.selectors.append(selectors)
        return try result.get()
    }
}

final class RefreshWireframeSpy: RefreshWireframe {
    private(set) var routes: [RefreshRoute] = []
    func navigate(to route: RefreshRoute) { routes.append(route) }
}

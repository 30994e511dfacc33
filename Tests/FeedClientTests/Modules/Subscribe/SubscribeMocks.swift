import FeedEntities
@testable import FeedClient

final class SubscribeViewSpy: SubscribeView {
    private(set) var confirmations: [String] = []
    private(set) var candidates: [(rows: [FeedCandidateRow], page: String)] = []
    private(set) var failures: [CommandFailure] = []
    func showSubscribed(_ message: String) { confirmations.append(message) }
    func showCandidates(_ rows: [FeedCandidateRow], offeredBy page: String) { candidates.append((rows, page)) }
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class SubscribeUseCaseStub: SubscribeUseCase {
    var result: Result<Feed, any Error>
    private(set) var requests: [SubscribeRequest] = []
    init(_ result: Result<Feed, any Error>) { self.result = result }
    func subscribe(_ request: SubscribeRequest) async throws -> Feed {
        requests.append(request)
        return try result.get()
    }
}

final class SubscribeWireframeSpy: SubscribeWireframe {
    private(set) var routes: [SubscribeRoute] = []
    func navigate(to route: SubscribeRoute) { routes.append(route) }
}

import FeedEntities
@testable import FeedClient

final class SubscribeViewSpy: SubscribeView {
    private(set) var confirmations: [String] = []
    private(set) var failures: [CommandFailure] = []
    func showSubscribed(_ message: String) { confirmations.append(message) }
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class SubscribeUseCaseStub: SubscribeUseCase {
    var result: Result<Feed, any Error>
    private(set) var urls: [String] = []
    init(_ result: Result<Feed, any Error>) { self.result = result }
    func subscribe(to url: String) async throws -> Feed {
        urls.append(url)
        return try result.get()
    }
}

final class SubscribeWireframeSpy: SubscribeWireframe {
    private(set) var routes: [SubscribeRoute] = []
    func navigate(to route: SubscribeRoute) { routes.append(route) }
}

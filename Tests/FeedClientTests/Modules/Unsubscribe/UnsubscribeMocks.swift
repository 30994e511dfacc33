import FeedEntities
@testable import FeedClient

final class UnsubscribeViewSpy: UnsubscribeView {
    private(set) var confirmations: [String] = []
    private(set) var feeds: [FeedRow] = []
    private(set) var failures: [CommandFailure] = []
    func showUnsubscribed(_ message: String, feed: FeedRow) {
        confirmations.append(message)
        feeds.append(feed)
    }
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class UnsubscribeUseCaseStub: UnsubscribeUseCase {
    var result: Result<Feed, any Error>
    private(set) var selectors: [String] = []
    init(_ result: Result<Feed, any Error>) { self.result = result }
    func unsubscribe(from selector: String) async throws -> Feed {
        selectors.append(selector)
        return try result.get()
    }
}

final class UnsubscribeWireframeSpy: UnsubscribeWireframe {
    private(set) var routes: [UnsubscribeRoute] = []
    func navigate(to route: UnsubscribeRoute) { routes.append(route) }
}

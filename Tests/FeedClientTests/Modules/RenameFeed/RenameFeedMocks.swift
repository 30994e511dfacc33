import FeedEntities
@testable import FeedClient

final class RenameFeedViewSpy: RenameFeedView {
    private(set) var confirmations: [String] = []
    private(set) var feeds: [FeedRow] = []
    private(set) var failures: [CommandFailure] = []
    func showRenamed(_ message: String, feed: FeedRow) {
        confirmations.append(message)
        feeds.append(feed)
    }
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class RenameFeedUseCaseStub: RenameFeedUseCase {
    var result: Result<Feed, any Error>
    private(set) var requests: [(selector: String, title: String?)] = []
    init(_ result: Result<Feed, any Error>) { self.result = result }
    func rename(feed selector: String, to title: String?) async throws -> Feed {
        requests.append((selector, title))
        return try result.get()
    }
}

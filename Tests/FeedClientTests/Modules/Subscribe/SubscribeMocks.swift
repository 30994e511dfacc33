import FeedEntities
@testable import FeedClient

final class SubscribeViewSpy: SubscribeView {
    private(set) var confirmations: [String] = []
    private(set) var subscribed: [(feed: FeedRow, itemsStored: Int)] = []
    private(set) var candidates: [(rows: [FeedCandidateRow], page: String)] = []
    private(set) var failures: [CommandFailure] = []
    func showSubscribed(_ message: String, feed: FeedRow, itemsStored: Int) {
        confirmations.append(message)
        subscribed.append((feed, itemsStored))
    }
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

extension FeedCandidateRow {
    /// A candidate the page names, announced as RSS.
    static func fixture(_ number: Int, title: String, url: String) -> FeedCandidateRow {
        FeedCandidateRow(number: number, title: title, url: url, givenTitle: title, type: "application/rss+xml")
    }
}

import FeedEntities
import FeedIPC
@testable import FeedClient

final class UnsubscribeViewSpy: UnsubscribeView {
    private(set) var confirmations: [String] = []
    private(set) var feeds: [FeedRow] = []
    private(set) var counts: [(deleted: Int, kept: Int)] = []
    private(set) var failures: [CommandFailure] = []
    func showUnsubscribed(_ message: String, feed: FeedRow, deleted: Int, kept: Int) {
        confirmations.append(message)
        feeds.append(feed)
        counts.append((deleted, kept))
    }
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class UnsubscribeUseCaseStub: UnsubscribeUseCase {
    var result: Result<FeedRemoval, any Error>
    private(set) var selectors: [String] = []
    private(set) var deleteStarred: [Bool] = []
    init(_ result: Result<FeedRemoval, any Error>) { self.result = result }
    /// Every item of `feed` deleted.
    convenience init(_ feed: Feed) {
        self.init(.success(.init(feed: feed, deletedItems: feed.itemCount, keptItems: 0)))
    }
    /// Selectors that fail with this error instead of `result`.
    var failures: [String: any Error] = [:]
    func unsubscribe(from selector: String, deleteStarred: Bool) async throws -> FeedRemoval {
        selectors.append(selector)
        self.deleteStarred.append(deleteStarred)
        if let failure = failures[selector] { throw failure }
        return try result.get()
    }
}

import FeedEntities
@testable import FeedClient

final class TagFeedViewSpy: TagFeedView {
    private(set) var lines: [String] = []
    private(set) var feeds: [FeedRow] = []
    private(set) var failures: [CommandFailure] = []
    func showTags(_ line: String, feed: FeedRow) {
        lines.append(line)
        feeds.append(feed)
    }
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class TagFeedUseCaseStub: TagFeedUseCase {
    var result: Result<Feed, any Error>
    private(set) var requests: [(selector: String, changes: TagChanges)] = []
    init(_ result: Result<Feed, any Error>) { self.result = result }
    func tag(feed selector: String, with changes: TagChanges) async throws -> Feed {
        requests.append((selector, changes))
        return try result.get()
    }
}

extension Fixtures {
    static func taggedFeed(_ number: Int64, title: String = "Planet Terminal", tags: [String]) -> Feed {
        var feed = Fixtures.feed(number, title: title)
        feed.tags = tags
        return feed
    }
}

import FeedEntities
@testable import FeedClient

final class ChangeFeedSettingsViewSpy: ChangeFeedSettingsView {
    private(set) var shown: [[FeedSettingLine]] = []
    private(set) var feeds: [FeedRow] = []
    private(set) var failures: [CommandFailure] = []
    func showSettings(_ lines: [FeedSettingLine], feed: FeedRow) {
        shown.append(lines)
        feeds.append(feed)
    }
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class ChangeFeedSettingsUseCaseStub: ChangeFeedSettingsUseCase {
    var result: Result<Feed, any Error>
    private(set) var requests: [(feed: String, change: FeedSettingsChange)] = []
    init(_ result: Result<Feed, any Error>) { self.result = result }
    func changeSettings(ofFeed selector: String, _ change: FeedSettingsChange) async throws -> Feed {
        requests.append((selector, change))
        return try result.get()
    }
}

extension Fixtures {
    /// Feed `number` with `assignments` set.
    static func feed(_ number: Int64, settings assignments: [String]) throws -> Feed {
        var feed = Fixtures.feed(number)
        try feed.settings.apply(assignments)
        return feed
    }
}

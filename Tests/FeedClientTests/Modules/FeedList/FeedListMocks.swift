import FeedEntities
@testable import FeedClient

final class FeedListViewSpy: FeedListView {
    private(set) var shown: [(rows: [FeedRow], emptyNote: String)] = []
    private(set) var failures: [CommandFailure] = []
    func showFeeds(_ rows: [FeedRow], emptyNote: String) { shown.append((rows, emptyNote)) }
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class FeedListUseCaseStub: FeedListUseCase {
    var result: Result<[Feed], any Error>
    private(set) var tags: [String?] = []
    init(_ result: Result<[Feed], any Error>) { self.result = result }
    func feeds(tagged tag: String?) async throws -> [Feed] {
        tags.append(tag)
        return try result.get()
    }
}

extension FeedRow {
    static func fixture(
        _ number: Int64, title: String = "Planet Terminal", unread: Int = 3, total: Int = 10,
        refreshed: String = "5 min ago", compact: String? = nil, lastError: String? = nil, failures: Int? = nil,
        next: String? = nil, goneSince: String? = nil, tags: [String] = [], synced: Bool = false
    ) -> FeedRow {
        let health: FeedHealth = goneSince != nil ? .gone : (lastError != nil ? .failing : .ok)
        var row = FeedRow(
            number: number, title: title, url: "https://planet.example.org/rss.xml", siteLink: nil,
            unread: unread, total: total, lastRefreshedText: refreshed,
            lastRefreshed: "2026-11-22T09:55:00Z", lastError: lastError, health: health,
            consecutiveFailures: failures ?? (lastError != nil ? 1 : 0), httpStatus: health == .gone ? 410 : nil,
            nextCheckText: next, nextCheck: next.map { _ in "2026-11-22T14:00:00Z" }, goneSince: goneSince,
            tags: tags, synced: synced)
        row.lastRefreshedCompact = compact ?? (refreshed == "5 min ago" ? "5m" : refreshed)
        return row
    }
}

import FeedIPC
import Testing
@testable import FeedClient

struct FeedListPresenterTests {
    let view = FeedListViewSpy()
    let clock = FixedClock(now: Fixtures.now)

    @Test func mapsFeedsToRowsWithRelativeRefreshTimes() async throws {
        let feeds = [
            Fixtures.feed(1, title: "Planet Terminal", lastRefreshed: Fixtures.now.addingTimeInterval(-300), items: 20, unread: 4),
            Fixtures.feed(2, title: "Broken", lastRefreshed: nil, lastError: "HTTP 500 Internal Server Error", items: 0, unread: 0),
        ]
        let interactor = FeedListUseCaseStub(.success(feeds))
        let presenter = FeedListPresenter(view: view, interactor: interactor, clock: clock)
        let status = await presenter.viewDidLoad()
        #expect(interactor.tags == [nil])
        let rows = try #require(view.shown.first?.rows)
        var expected = [
            FeedRow(number: 1, title: "Planet Terminal", url: "https://planet.example.org/rss.xml",
                    siteLink: "https://planet.example.org/", unread: 4, total: 20, lastRefreshedText: "5 min ago",
                    lastRefreshed: "2026-11-22T09:55:00Z", lastError: nil),
            FeedRow(number: 2, title: "Broken", url: "https://planet.example.org/rss.xml",
                    siteLink: "https://planet.example.org/", unread: 0, total: 0, lastRefreshedText: "never",
                    lastRefreshed: nil, lastError: "HTTP 500 Internal Server Error", health: .failing),
        ]
        expected[0].lastRefreshedCompact = "5m"
        expected[1].lastRefreshedCompact = "never"
        #expect(rows == expected)
        #expect(status == .success)
    }

    @Test func rowsCarryTheFeedsTags() {
        var feed = Fixtures.feed(1)
        feed.tags = ["linux", "News"]
        let presenter = FeedListPresenter(view: view, interactor: FeedListUseCaseStub(.success([])), clock: clock)
        #expect(presenter.row(for: feed, now: Fixtures.now).tags == ["linux", "News"])
    }

    @Test func rowsSayWhetherTheFeedIsSynced() {
        var feed = Fixtures.feed(1)
        let presenter = FeedListPresenter(view: view, interactor: FeedListUseCaseStub(.success([])), clock: clock)
        #expect(!presenter.row(for: feed, now: Fixtures.now).synced)
        feed.synced = true
        #expect(presenter.row(for: feed, now: Fixtures.now).synced)
    }

    @Test func aTagIsPassedOnAndNamedWhenNothingHasIt() async {
        let interactor = FeedListUseCaseStub(.success([]))
        let presenter = FeedListPresenter(view: view, interactor: interactor, clock: clock, tag: "linux")
        let status = await presenter.viewDidLoad()
        #expect(interactor.tags == ["linux"])
        #expect(view.shown.first?.emptyNote == "No feeds tagged 'linux'.")
        #expect(status == .success)
    }

    @Test func failingWithATagSaysWhichFeedsAreHealthy() async {
        let presenter = FeedListPresenter(
            view: view, interactor: FeedListUseCaseStub(.success([Fixtures.feed(1)])), clock: clock,
            onlyFailing: true, tag: "linux")
        _ = await presenter.viewDidLoad()
        #expect(view.shown.first?.emptyNote == "Every feed tagged 'linux' is healthy.")
    }

    @Test func anEmptyErrorIsNoError() {
        let presenter = FeedListPresenter(view: view, interactor: FeedListUseCaseStub(.success([])), clock: clock)
        #expect(presenter.row(for: Fixtures.feed(1, lastError: ""), now: Fixtures.now).lastError == nil)
    }

    @Test func failingListsOnlyFeedsThatFailOrAreGoneWithWhenTheyAreTriedAgain() async throws {
        var flaky = Fixtures.feed(2, title: "Flaky", lastError: "timed out after 15 s")
        flaky.consecutiveFailures = 3
        flaky.httpStatus = nil
        flaky.nextCheck = Fixtures.now.addingTimeInterval(2 * 3600 + 30)
        var gone = Fixtures.feed(3, title: "Retired", lastError: "HTTP 410 Gone")
        gone.goneSince = Fixtures.now.addingTimeInterval(-86400)
        gone.nextCheck = Fixtures.now
        let feeds = [Fixtures.feed(1), flaky, gone]
        let presenter = FeedListPresenter(
            view: view, interactor: FeedListUseCaseStub(.success(feeds)), clock: clock, onlyFailing: true)
        _ = await presenter.viewDidLoad()
        let rows = try #require(view.shown.first?.rows)
        #expect(rows.map(\.number) == [2, 3])
        #expect(rows[0].health == .failing && rows[0].consecutiveFailures == 3 && rows[0].nextCheckText == "in 2 h")
        #expect(rows[1].health == .gone && rows[1].nextCheckText == nil && rows[1].goneSince == "2026-11-21T10:00:00Z")
    }

    @Test func failingWithEveryFeedHealthySaysSo() async {
        let presenter = FeedListPresenter(
            view: view, interactor: FeedListUseCaseStub(.success([Fixtures.feed(1)])), clock: clock,
            onlyFailing: true)
        let status = await presenter.viewDidLoad()
        #expect(view.shown.first?.rows == [])
        #expect(view.shown.first?.emptyNote == "Every feed is healthy.")
        #expect(status == .success)
    }

    @Test func noFeedsSaysHowToAddOne() async {
        let presenter = FeedListPresenter(view: view, interactor: FeedListUseCaseStub(.success([])), clock: clock)
        _ = await presenter.viewDidLoad()
        #expect(view.shown.first?.rows == [])
        #expect(view.shown.first?.emptyNote == "No feeds yet; add one with 'tidings subscribe URL'.")
    }

    @Test func failuresAreShown() async {
        let presenter = FeedListPresenter(
            view: view, interactor: FeedListUseCaseStub(.failure(DaemonClientError.connectionLost)), clock: clock)
        let status = await presenter.viewDidLoad()
        #expect(view.failures.count == 1)
        #expect(status == .failure)
    }
}

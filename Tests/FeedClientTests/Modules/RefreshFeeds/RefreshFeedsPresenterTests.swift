import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct RefreshFeedsPresenterTests {
    let view = RefreshFeedsViewSpy()

    static let outcomes = [
        RefreshOutcome(feedID: 1, title: "Planet Terminal", url: "https://p/rss", newItems: 4),
        RefreshOutcome(feedID: 2, title: "Quiet", url: "https://q/rss", newItems: 0),
        RefreshOutcome(feedID: 3, title: "Kernel Notes", url: "https://k/atom", newItems: 1),
        RefreshOutcome(feedID: 4, title: "Broken", url: "https://b/rss", newItems: 0, error: "HTTP 500 Internal Server Error"),
    ]

    @Test func reportsFeedsWithNewsOrErrorsAndASummary() async {
        let interactor = RefreshFeedsUseCaseStub(.success(Self.outcomes))
        let status = await RefreshFeedsPresenter(selectors: [], view: view, interactor: interactor).viewDidLoad()
        #expect(interactor.selectors == [[]])
        #expect(view.reports == [RefreshReport(
            lines: ["Planet Terminal: 4 new items", "Kernel Notes: 1 new item", "Broken: error: HTTP 500 Internal Server Error"],
            summary: "Refreshed 4 feeds: 5 new items, 1 error", outcomes: Self.outcomes.map(RefreshFeedsPresenter.row(for:)),
            newItems: 5, unchanged: 0, errors: 1)])
        #expect(status == .success)
    }

    @Test func summaries() {
        #expect(RefreshFeedsPresenter.report(for: [Self.outcomes[1]]).summary == "Refreshed 1 feed: no new items")
        #expect(RefreshFeedsPresenter.report(for: [Self.outcomes[2]]).summary == "Refreshed 1 feed: 1 new item")
        #expect(RefreshFeedsPresenter.report(for: [Self.outcomes[3], Self.outcomes[3]]).summary == "Refreshed 2 feeds: no new items, 2 errors")
        #expect(RefreshFeedsPresenter.report(for: []) == RefreshReport(
            lines: [], summary: "No feeds to refresh; add one with 'tidings subscribe URL'.", outcomes: [], newItems: 0,
            unchanged: 0, errors: 0))
    }

    @Test func unchangedMovedAndGoneFeedsAreToldApart() {
        let report = RefreshFeedsPresenter.report(for: [
            RefreshOutcome(feedID: 1, title: "Same", url: "https://s/rss", newItems: 0, notModified: true),
            RefreshOutcome(feedID: 2, title: "Moved", url: "https://new/rss", newItems: 2, movedTo: "https://new/rss"),
            RefreshOutcome(feedID: 3, title: "Old", url: "https://o/rss", newItems: 0, error: "HTTP 410 Gone", isGone: true),
        ])
        #expect(report.lines == [
            "Moved: moved for good to https://new/rss; the feed now uses that URL", "Moved: 2 new items",
            "Old: gone (HTTP 410): kept, no longer fetched",
        ])
        #expect(report.summary == "Refreshed 3 feeds: 2 new items, 1 unchanged, 1 gone")
        #expect(report.outcomes == [
            RefreshOutcomeRow(
                feedNumber: 1, title: "Same", url: "https://s/rss", newItems: 0, error: nil, notModified: true, movedTo: nil,
                gone: false),
            RefreshOutcomeRow(
                feedNumber: 2, title: "Moved", url: "https://new/rss", newItems: 2, error: nil, notModified: false,
                movedTo: "https://new/rss", gone: false),
            RefreshOutcomeRow(
                feedNumber: 3, title: "Old", url: "https://o/rss", newItems: 0, error: "HTTP 410 Gone", notModified: false,
                movedTo: nil, gone: true),
        ])
        // A gone feed is counted apart, as the summary does, not as an error.
        #expect([report.newItems, report.unchanged, report.errors] == [2, 1, 0])
    }

    @Test func progressBecomesOneLinePerFinishedFeed() async {
        let interactor = RefreshFeedsUseCaseStub(.success(Self.outcomes))
        interactor.progressUpdates = [
            .init(done: 0, total: 2, errors: 0),
            .init(done: 1, total: 2, errors: 0, outcome: RefreshOutcome(feedID: 2, title: "Quiet", url: "q", newItems: 0, notModified: true)),
            .init(done: 2, total: 2, errors: 1, outcome: Self.outcomes[3]),
        ]
        _ = await RefreshFeedsPresenter(selectors: [], view: view, interactor: interactor).viewDidLoad()
        #expect(view.progress == [
            RefreshProgressReport(done: 0, total: 2, errors: 0, feedTitle: nil, lines: []),
            RefreshProgressReport(done: 1, total: 2, errors: 0, feedTitle: "Quiet", lines: ["Quiet: unchanged"]),
            RefreshProgressReport(
                done: 2, total: 2, errors: 1, feedTitle: "Broken", lines: ["Broken: error: HTTP 500 Internal Server Error"]),
        ])
        #expect(view.reports.count == 1)
    }

    @Test func passesSelectorsAndReportsFailures() async {
        let interactor = RefreshFeedsUseCaseStub(.failure(DaemonRefusal(RPCError(.notFound, "no feed matches 'x'"))))
        let status = await RefreshFeedsPresenter(selectors: ["x"], view: view, interactor: interactor).viewDidLoad()
        #expect(interactor.selectors == [["x"]])
        #expect(view.failures == [CommandFailure(message: "cannot refresh: no feed matches 'x'")])
        #expect(status == .failure)
    }
}

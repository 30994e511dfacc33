import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct SubscribePresenterTests {
    let view = SubscribeViewSpy()

    private func presenter(_ request: SubscribeRequest, _ interactor: SubscribeUseCaseStub) -> SubscribePresenter {
        SubscribePresenter(
            request: request, view: view, interactor: interactor, clock: FixedClock(now: Fixtures.now))
    }

    @Test func confirmsWithTitleAndItemCount() async {
        let interactor = SubscribeUseCaseStub(.success(Fixtures.feed(4, title: "Planet Terminal", items: 3)))
        let status = await presenter(SubscribeRequest(url: "https://planet.example.org/rss.xml"), interactor).viewDidLoad()
        #expect(interactor.requests == [SubscribeRequest(url: "https://planet.example.org/rss.xml")])
        #expect(view.confirmations == [#"Subscribed to "Planet Terminal" (3 items)"#])
        #expect(status == .success)
    }

    @Test func handsTheViewTheFeedAsFeedsShowsItAndTheItemsStored() async {
        var feed = Fixtures.feed(4, title: "Planet Terminal", items: 3)
        feed.tags = ["linux"]
        _ = await presenter(SubscribeRequest(url: "https://p.example/rss"), SubscribeUseCaseStub(.success(feed))).viewDidLoad()
        #expect(view.subscribed.map(\.feed) == [FeedRow(feed, now: Fixtures.now, clock: FixedClock(now: Fixtures.now))])
        #expect(view.subscribed.map(\.itemsStored) == [3])
        #expect(view.subscribed.first?.feed.tags == ["linux"])
    }

    @Test func passesTagsAndTitleAndConfirmsTheTags() async {
        var feed = Fixtures.feed(4, title: "My Planet", items: 1)
        feed.tags = ["linux", "news"]
        let interactor = SubscribeUseCaseStub(.success(feed))
        let request = SubscribeRequest(url: " https://planet.example.org/rss.xml\n", tags: ["news", "linux"], title: "My Planet")
        _ = await presenter(request, interactor).viewDidLoad()
        #expect(interactor.requests == [request])
        #expect(view.confirmations == [#"Subscribed to "My Planet" (1 item), tagged linux, news"#])
    }

    @Test func namesTheURLSubscribedWhenItIsNotTheOneTyped() async {
        // An address without a scheme, tried over https then http; a page announcing its feed.
        let interactor = SubscribeUseCaseStub(.success(Fixtures.feed(4, title: "Planet Terminal", items: 3)))
        _ = await presenter(SubscribeRequest(url: "planet.example.org/rss.xml"), interactor).viewDidLoad()
        #expect(view.confirmations == [#"Subscribed to "Planet Terminal" at https://planet.example.org/rss.xml (3 items)"#])
        #expect(SubscribePresenter.confirmation(for: Fixtures.feed(1, title: "One", items: 1), requested: "https://example.org/")
            == #"Subscribed to "One" at https://planet.example.org/rss.xml (1 item)"#)
    }

    @Test func aDaemonThatDroppedTheSettingsFailsTheCommandAfterSubscribing() async throws {
        let request = SubscribeRequest(url: "https://p.example/rss", settings: ["interval=2h"])
        let status = await presenter(request, SubscribeUseCaseStub(.success(Fixtures.feed(4, items: 3)))).viewDidLoad()
        #expect(view.confirmations == [#"Subscribed to "Planet Terminal" at https://planet.example.org/rss.xml (3 items)"#])
        #expect(view.failures == [CommandFailure(
            message: "subscribed to feed 4 without its settings: the daemon is older than this tidings; restart it, then give them with 'tidings feed set 4 key=value…'")])
        #expect(status == .failure)

        var feed = Fixtures.feed(5, items: 3)
        try feed.settings.apply(["interval=2h"])
        let kept = SubscribePresenterTests()
        #expect(await kept.presenter(request, SubscribeUseCaseStub(.success(feed))).viewDidLoad() == .success)
        #expect(kept.view.failures.isEmpty)
    }

    @Test func singularItem() {
        #expect(SubscribePresenter.confirmation(for: Fixtures.feed(1, title: "One", items: 1)) == #"Subscribed to "One" (1 item)"#)
    }

    @Test func aPageWithSeveralFeedsListsThemAndFails() async {
        let candidates = [
            FeedCandidate(url: "https://example.org/feed.xml", title: "Posts", type: "application/rss+xml"),
            FeedCandidate(url: "https://example.org/atom.xml", title: nil, type: "application/atom+xml"),
            FeedCandidate(url: "https://example.org/feed.json", title: " ", type: "application/feed+json"),
            FeedCandidate(url: "https://example.org/x", title: nil, type: "text/xml"),
        ]
        let error = DaemonRefusal(RPCError(.severalFeeds, "https://example.org/ offers 4 feeds", data: RPCErrorData(candidates: candidates)))
        let status = await presenter(SubscribeRequest(url: "https://example.org/"), SubscribeUseCaseStub(.failure(error))).viewDidLoad()
        #expect(view.candidates.first?.page == "https://example.org/")
        #expect(view.candidates.first?.rows == [
            FeedCandidateRow(
                number: 1, title: "Posts", url: "https://example.org/feed.xml", givenTitle: "Posts", type: "application/rss+xml"),
            FeedCandidateRow(
                number: 2, title: "(Atom)", url: "https://example.org/atom.xml", givenTitle: nil, type: "application/atom+xml"),
            FeedCandidateRow(
                number: 3, title: "(JSON Feed)", url: "https://example.org/feed.json", givenTitle: nil, type: "application/feed+json"),
            FeedCandidateRow(number: 4, title: "(no title)", url: "https://example.org/x", givenTitle: nil, type: "text/xml"),
        ])
        #expect(view.failures.isEmpty)
        #expect(status == .failure)
    }

    @Test func severalFeedsWithoutCandidatesIsAnOrdinaryFailure() async {
        let error = DaemonRefusal(RPCError(.severalFeeds, "the page offers several feeds"))
        let status = await presenter(SubscribeRequest(url: "https://example.org/"), SubscribeUseCaseStub(.failure(error))).viewDidLoad()
        #expect(view.candidates.isEmpty)
        #expect(view.failures == [CommandFailure(message: "cannot subscribe to https://example.org/: the page offers several feeds")])
        #expect(status == .failure)
    }

    @Test func reportsTheDaemonsReasonForTheURL() async {
        let interactor = SubscribeUseCaseStub(.failure(DaemonRefusal(RPCError(.fetchFailed, "HTTP 404 Not Found"))))
        let status = await presenter(SubscribeRequest(url: "http://127.0.0.1:8080/missing.xml"), interactor).viewDidLoad()
        #expect(view.confirmations.isEmpty)
        #expect(view.failures == [CommandFailure(message: "cannot subscribe to http://127.0.0.1:8080/missing.xml: HTTP 404 Not Found")])
        #expect(status == .failure)
    }

    @Test func anUnreachableDaemonExitsWithThree() async {
        let interactor = SubscribeUseCaseStub(.failure(DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)))
        let status = await presenter(SubscribeRequest(url: "https://x/"), interactor).viewDidLoad()
        #expect(view.failures.first?.message.hasPrefix("the daemon is not running") == true)
        #expect(status == .daemonUnreachable)
    }
}

import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct SearchPresenterTests {
    let view = SearchViewSpy()

    func presenter(_ result: Result<[SearchHit], any Error>, query: SearchRequest = .init(text: "window")) -> (SearchPresenter, SearchUseCaseStub) {
        let interactor = SearchUseCaseStub(result)
        let presenter = SearchPresenter(
            query: query, view: view, interactor: interactor,
            clock: FixedClock(now: Fixtures.now, offset: 3600))
        return (presenter, interactor)
    }

    @Test func mapsHitsBestFirstWithTheirMarkedTitleAndSnippet() async throws {
        var starred = Fixtures.item(3, title: "Window rules", isRead: true)
        starred.isStarred = true
        let hits = [
            SearchHit(item: starred, title: searchMarked("Window rules", "Window"), snippet: ""),
            SearchHit(item: Fixtures.item(9, title: "Tiling"), title: "Tiling", snippet: searchMarked("a window manager", "window")),
        ]
        let query = SearchRequest(text: "window", unreadOnly: true, feed: "1", tag: "wm", limit: 5)
        let (presenter, interactor) = presenter(.success(hits), query: query)
        let status = await presenter.viewDidLoad()
        #expect(interactor.queries == [query])
        let rows = try #require(view.shown.first?.rows)
        #expect(rows.map(\.item.number) == [3, 9])
        #expect(rows[0].item == ItemRowMapper(clock: FixedClock(now: Fixtures.now, offset: 3600)).row(for: starred))
        #expect(rows[0].item.isStarred && rows[0].item.localDate == "2026-11-22 11:00")
        #expect(rows[0].title.pieces == [.init("Window", isMatch: true), .init(" rules")])
        #expect(rows[0].snippet.pieces == [])
        #expect(rows[1].title.pieces == [.init("Tiling")])
        #expect(rows[1].snippet.pieces == [.init("a "), .init("window", isMatch: true), .init(" manager")])
        #expect(status == .success)
    }

    @Test func aPartialSearchIsShownWithItsNoteAndExitsZero() async {
        let (presenter, interactor) = presenter(.success([]))
        interactor.partial = (unindexed: 14, reason: "database or disk is full")
        let status = await presenter.viewDidLoad()
        #expect(view.partials == [PartialSearch(unindexed: 14, reason: "database or disk is full")])
        #expect(status == .success)
        let (complete, _) = self.presenter(.success([]))
        _ = await complete.viewDidLoad()
        #expect(view.partials.last == .some(nil))
    }

    @Test func aHitWithoutTitleReadsNoTitle() {
        let (presenter, _) = presenter(.success([]))
        let row = presenter.row(for: SearchHit(item: Fixtures.item(1, title: nil), title: "", snippet: searchMarked("body window", "window")))
        #expect(row.title.pieces == [.init("(no title)")])
        #expect(row.item.title == "")
    }

    @Test func aHitWithoutTitleReadsTheFirstWordsOfItsText() {
        let (presenter, _) = presenter(.success([]))
        var item = Fixtures.item(1, title: nil)
        item.excerpt = "Just shipped the new release…"
        let row = presenter.row(for: SearchHit(item: item, title: "", snippet: searchMarked("body window", "window")))
        #expect(row.title.pieces == [.init("Just shipped the new release…")])
        #expect(row.item.titleIsExcerpt)
    }

    @Test(arguments: [
        (SearchRequest(text: "zzz"), "No items match 'zzz'."),
        (SearchRequest(text: "rust async", unreadOnly: true), "No unread items match 'rust async'."),
        (SearchRequest(text: "x", feed: "Kernel", tag: "linux"), "No items in 'Kernel' tagged 'linux' match 'x'."),
    ])
    func noHitsIsANoteAndSuccess(query: SearchRequest, note: String) async {
        let (presenter, _) = presenter(.success([]), query: query)
        let status = await presenter.viewDidLoad()
        #expect(view.shown.first?.rows == [])
        #expect(view.shown.first?.emptyNote == note)
        #expect(status == .success)
    }

    @Test func aFailedSearchIsReported() async {
        let (presenter, _) = presenter(.failure(DaemonRefusal(RPCError(.invalidParams, "the query has no words"))))
        let status = await presenter.viewDidLoad()
        #expect(view.failures == [CommandFailure(message: "cannot search: the query has no words")])
        #expect(view.shown.isEmpty)
        #expect(status == .failure)
    }

    @Test func aFeedSelectorThatIsATagSuggestsTag() async {
        let (presenter, interactor) = presenter(
            .failure(DaemonRefusal(RPCError(.notFound, "no feed matches 'my news'"))), query: .init(text: "x", feed: "my news"))
        interactor.tag = "My News"
        _ = await presenter.viewDidLoad()
        #expect(interactor.tagSelectors == ["my news"])
        #expect(view.failures == [CommandFailure(message: "cannot search: no feed matches 'my news'; did you mean --tag 'My News'?")])
    }

    @Test func anUnreachableDaemonExitsThree() async {
        let (presenter, _) = presenter(.failure(DaemonClientError.unreachable(socketPath: "/x.sock", reason: .refused)))
        let status = await presenter.viewDidLoad()
        #expect(status == .daemonUnreachable)
    }
}

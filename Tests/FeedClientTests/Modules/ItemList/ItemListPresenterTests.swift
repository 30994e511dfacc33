#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct ItemListPresenterTests {
    let view = ItemListViewSpy()

    func presenter(
        _ result: Result<[Item], any Error>, query: ItemListQuery = .init(), screenLimit: Int? = nil, offset: Int = 0
    ) -> (ItemListPresenter, ItemListUseCaseStub) {
        let interactor = ItemListUseCaseStub(result)
        let presenter = ItemListPresenter(
            query: query, screenLimit: screenLimit, view: view, interactor: interactor,
            clock: FixedClock(now: Fixtures.now, offset: offset))
        return (presenter, interactor)
    }

    @Test func mapsItemsToRowsInTheDaemonsOrder() async throws {
        var starred = Fixtures.item(7, title: "Older", published: Fixtures.now.addingTimeInterval(-3600), isRead: true)
        starred.isStarred = true
        let items = [
            Fixtures.item(12, title: "Newest", link: "https://a.example/1", feed: "Planet Terminal", feedID: 3, author: "Ada"),
            starred,
        ]
        let (presenter, interactor) = presenter(.success(items), query: .init(includeRead: true, feed: "3", limit: 5), offset: 3600)
        let status = await presenter.viewDidLoad()
        #expect(interactor.queries == [ItemListQuery(includeRead: true, feed: "3", limit: 5)])
        let rows = try #require(view.shown.first?.rows)
        #expect(rows.map(\.number) == [12, 7])
        #expect(rows[0] == ItemRow(
            number: 12, isRead: false, isStarred: false, title: "Newest", displayTitle: "Newest",
            link: "https://a.example/1", feedTitle: "Planet Terminal", feedNumber: 3, author: "Ada",
            localDate: "2026-11-22 11:00", shortDate: "11:00", date: "2026-11-22T10:00:00Z",
            published: "2026-11-22T10:00:00Z"))
        #expect(rows[1].isRead && rows[1].isStarred)
        #expect(rows[1].localDate == "2026-11-22 10:00")
        #expect(view.notes.isEmpty)
        #expect(status == .success)
    }

    @Test func itemsWithoutTitleOrDateStillListSensibly() throws {
        let row = ItemRowMapper(clock: FixedClock(now: Fixtures.now))
            .row(for: Fixtures.item(1, title: nil, link: "", author: "", published: nil))
        #expect(row.title == "")
        #expect(row.displayTitle == "(no title)")
        #expect(row.link == nil)
        #expect(row.author == nil)
        #expect(row.published == nil)
        #expect(row.date == "2026-11-21T10:00:00Z")  // first seen
        #expect(!row.titleIsExcerpt && row.excerpt == nil)
    }

    @Test func anUntitledItemIsListedByTheFirstWordsOfItsText() {
        let mapper = ItemRowMapper(clock: FixedClock(now: Fixtures.now))
        var item = Fixtures.item(1, title: " ")
        item.excerpt = "Just shipped the new release of the tiling manager, with…"
        let row = mapper.row(for: item)
        #expect(row.title == " ")
        #expect(row.displayTitle == "Just shipped the new release of the tiling manager, with…")
        #expect(row.titleIsExcerpt)
        #expect(row.excerpt == item.excerpt)

        // A title wins over an excerpt; an empty excerpt is no excerpt.
        item.title = "Real title"
        #expect(mapper.row(for: item).displayTitle == "Real title" && !mapper.row(for: item).titleIsExcerpt)
        item.title = nil
        item.excerpt = " "
        #expect(mapper.row(for: item).displayTitle == "(no title)" && !mapper.row(for: item).titleIsExcerpt)
    }

    @Test func theShortDateSaysOnlyWhatTodayDoesNotMakeObvious() {
        // 2026-11-22T10:00:00Z is 11:00 local, one hour east.
        let mapper = ItemRowMapper(clock: FixedClock(now: Fixtures.now, offset: 3600))
        func short(_ secondsAgo: Double) -> String {
            mapper.row(for: Fixtures.item(1, published: Fixtures.now.addingTimeInterval(-secondsAgo))).shortDate
        }
        #expect(short(0) == "11:00")
        #expect(short(11 * 3600) == "00:00")  // the same local day
        #expect(short(11 * 3600 + 60) == "Sat")  // 23:59 the day before
        #expect(short(8 * 86_400) == "11-14")
        #expect(short(100 * 86_400) == "08-14")
        #expect(short(200 * 86_400) == "05-06")  // this year
        #expect(short(330 * 86_400) == "2025")
        #expect(short(400 * 86_400) == "2025")
        #expect(short(-3 * 86_400) == "11-25")  // a feed's clock ahead
    }

    @Test(arguments: [
        (ItemListQuery(), "No unread items."),
        (ItemListQuery(includeRead: true), "No items."),
        (ItemListQuery(feed: "kernel"), "No unread items in 'kernel'."),
        (ItemListQuery(tag: "linux"), "No unread items tagged 'linux'."),
        (ItemListQuery(includeRead: true, starredOnly: true), "No starred items."),
        (ItemListQuery(search: "rust"), "No unread items matching 'rust'."),
        (ItemListQuery(since: .ago(amount: 2, unit: .days)), "No unread items in the last 2 days."),
        (ItemListQuery(since: .ago(amount: 1, unit: .hours)), "No unread items in the last hour."),
        (ItemListQuery(includeRead: true, feed: "3", tag: "linux", since: .localDay(year: 2026, month: 11, day: 1), search: "rust"),
         "No items in '3' tagged 'linux' matching 'rust' since 2026-11-01."),
    ])
    func emptyNotesNameTheFilters(query: ItemListQuery, note: String) async {
        let (presenter, _) = presenter(.success([]), query: query)
        _ = await presenter.viewDidLoad()
        #expect(view.shown.first?.rows == [])
        #expect(view.shown.first?.emptyNote == note)
        #expect(view.notes.isEmpty)
    }

    @Test func oneScreenAsksForOneMoreItemAndSaysWhenMoreExist() async throws {
        let items = (1...6).map { Fixtures.item(Int64(10 - $0)) }
        let (presenter, interactor) = presenter(.success(items), query: .init(tag: "linux"), screenLimit: 5)
        let status = await presenter.viewDidLoad()
        #expect(interactor.queries == [ItemListQuery(tag: "linux", limit: 6)])
        #expect(view.shown.first?.rows.map(\.number) == [9, 8, 7, 6, 5])
        #expect(view.notes == ["Showing the newest 5 unread items tagged 'linux'; use --limit N to see more."])
        #expect(status == .success)
    }

    @Test func aScreenThatHoldsEverythingNeedsNoNote() async {
        let (presenter, _) = presenter(.success((1...5).map { Fixtures.item(Int64($0)) }), screenLimit: 5)
        _ = await presenter.viewDidLoad()
        #expect(view.shown.first?.rows.count == 5)
        #expect(view.notes.isEmpty)
    }

    @Test func anExplicitLimitWinsOverTheScreen() async {
        let (presenter, interactor) = presenter(.success((1...3).map { Fixtures.item(Int64($0)) }), query: .init(limit: 3), screenLimit: 22)
        _ = await presenter.viewDidLoad()
        #expect(interactor.queries == [ItemListQuery(limit: 3)])
        #expect(view.shown.first?.rows.count == 3)
        #expect(view.notes.isEmpty)
    }

    @Test func anUnknownFeedIsReported() async {
        let (presenter, interactor) = presenter(.failure(DaemonRefusal(RPCError(.notFound, "no feed matches 'zzz'"))), query: .init(feed: "zzz"))
        let status = await presenter.viewDidLoad()
        #expect(view.failures == [CommandFailure(message: "cannot list items: no feed matches 'zzz'")])
        #expect(interactor.tagSelectors == ["zzz"])
        #expect(view.shown.isEmpty)
        #expect(status == .failure)
    }

    @Test func aFeedSelectorThatIsATagSuggestsTag() async {
        let (presenter, interactor) = presenter(.failure(DaemonRefusal(RPCError(.notFound, "no feed matches 'NEWS'"))), query: .init(feed: "NEWS"))
        interactor.tag = "news"
        let status = await presenter.viewDidLoad()
        #expect(view.failures == [CommandFailure(message: "cannot list items: no feed matches 'NEWS'; did you mean --tag news?")])
        #expect(status == .failure)
    }

    @Test func onlyAnUnmatchedFeedSelectorIsLookedUpAsATag() async {
        let (presenter, interactor) = presenter(.failure(DaemonRefusal(RPCError(.ambiguous, "'n' matches 2 feeds"))), query: .init(feed: "n"))
        interactor.tag = "n"
        _ = await presenter.viewDidLoad()
        #expect(view.failures == [CommandFailure(message: "'n' matches 2 feeds")])
        #expect(interactor.tagSelectors.isEmpty)
    }
}

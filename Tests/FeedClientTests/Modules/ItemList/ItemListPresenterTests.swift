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
    let wireframe = ItemListWireframeSpy()

    func presenter(_ result: Result<[Item], any Error>, query: ItemListQuery = .init(), offset: Int = 0) -> (ItemListPresenter, ItemListUseCaseStub) {
        let interactor = ItemListUseCaseStub(result)
        let presenter = ItemListPresenter(
            query: query, view: view, interactor: interactor, wireframe: wireframe,
            clock: FixedClock(now: Fixtures.now, offset: offset))
        return (presenter, interactor)
    }

    @Test func mapsItemsToRowsInTheDaemonsOrder() async throws {
        let items = [
            Fixtures.item(12, title: "Newest", link: "https://a.example/1", feed: "Planet Terminal", feedID: 3, author: "Ada"),
            Fixtures.item(7, title: "Older", published: Fixtures.now.addingTimeInterval(-3600), isRead: true),
        ]
        let (presenter, interactor) = presenter(.success(items), query: .init(includeRead: true, feed: "3", limit: 5), offset: 3600)
        await presenter.viewDidLoad()
        #expect(interactor.queries == [ItemListQuery(includeRead: true, feed: "3", limit: 5)])
        let rows = try #require(view.shown.first?.rows)
        #expect(rows.map(\.number) == [12, 7])
        #expect(rows[0] == ItemRow(
            number: 12, isRead: false, title: "Newest", displayTitle: "Newest", link: "https://a.example/1",
            feedTitle: "Planet Terminal", feedNumber: 3, author: "Ada", localDate: "2026-11-22 11:00",
            date: "2026-11-22T10:00:00Z", published: "2026-11-22T10:00:00Z"))
        #expect(rows[1].isRead)
        #expect(rows[1].localDate == "2026-11-22 10:00")
        #expect(wireframe.routes == [.exit(.success)])
    }

    @Test func itemsWithoutTitleOrDateStillListSensibly() throws {
        let (presenter, _) = presenter(.success([]))
        let row = presenter.row(for: Fixtures.item(1, title: nil, link: "", author: "", published: nil))
        #expect(row.title == "")
        #expect(row.displayTitle == "(no title)")
        #expect(row.link == nil)
        #expect(row.author == nil)
        #expect(row.published == nil)
        #expect(row.date == "2026-11-21T10:00:00Z")  // first seen
    }

    @Test(arguments: [
        (ItemListQuery(), "No unread items."),
        (ItemListQuery(includeRead: true), "No items."),
        (ItemListQuery(feed: "kernel"), "No unread items in 'kernel'."),
    ])
    func emptyNotes(query: ItemListQuery, note: String) async {
        let (presenter, _) = presenter(.success([]), query: query)
        await presenter.viewDidLoad()
        #expect(view.shown.first?.rows == [])
        #expect(view.shown.first?.emptyNote == note)
    }

    @Test func anUnknownFeedIsReported() async {
        let (presenter, _) = presenter(.failure(RPCError(.notFound, "no feed matches 'zzz'")), query: .init(feed: "zzz"))
        await presenter.viewDidLoad()
        #expect(view.failures == [CommandFailure(message: "cannot list items: no feed matches 'zzz'")])
        #expect(wireframe.routes == [.exit(.failure)])
    }
}

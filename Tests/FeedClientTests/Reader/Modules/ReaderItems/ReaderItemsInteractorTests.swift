import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

@MainActor
struct ReaderItemsInteractorTests {
    let daemon = DaemonClientStub()

    func interactor() throws -> ReaderItemsInteractor {
        ReaderItemsInteractor(daemon: try ThreadedDaemonClient(daemon))
    }

    @Test func eachSourceListsWithListsFiltersAndPagesFromItsAnchor() async throws {
        daemon.stub(RPC.ListItems.self, .init(items: [Fixtures.item(7)], total: 40, offset: 12))
        let interactor = try interactor()
        let page = try await interactor.page(of: .feed(number: 3, title: "K"), from: .after(9), limit: 20, unreadOnly: false)
        #expect(page == ReaderItemsPage(items: [Fixtures.item(7)], offset: 12, total: 40))
        _ = try await interactor.page(of: .allUnread, from: .before(9), limit: 20, unreadOnly: false)
        _ = try await interactor.page(of: .starred, from: .end, limit: 20, unreadOnly: false)
        _ = try await interactor.page(of: .tag("linux"), from: .top, limit: 20, unreadOnly: true)
        let params = daemon.params(of: RPC.ListItems.self)
        #expect(params[0] == .init(unreadOnly: false, feed: "3", limit: 20, after: 9, withPosition: true))
        #expect(params[1] == .init(unreadOnly: true, limit: 20, before: 9, withPosition: true))
        #expect(params[2] == .init(unreadOnly: false, starredOnly: true, limit: 20, fromEnd: true, withPosition: true))
        #expect(params[3] == .init(unreadOnly: true, tag: "linux", limit: 20, withPosition: true))
    }

    /// A search lists best match first, as `tidings search` ranks: pages come from the ranking,
    /// which a page with its position asks for again.
    @Test func aSearchIsPagedFromItsRankingBestMatchFirst() async throws {
        var read = Fixtures.item(9)
        read.isRead = true
        let ranked = [Fixtures.item(3), read, Fixtures.item(12), Fixtures.item(1), Fixtures.item(7)]
        daemon.stub(RPC.Search.self, .init(hits: ranked.map { SearchHit(item: $0, title: $0.title ?? "", snippet: "") }))
        let interactor = try interactor()
        let source = ItemSource.search(query: "rust", within: .feed(number: 2, title: "P"))
        let first = try await interactor.page(of: source, from: .top, limit: 2, unreadOnly: false)
        #expect(first == ReaderItemsPage(items: [ranked[0], ranked[1]], offset: 0, total: 5))
        let next = try await interactor.items(of: source, from: .after(9), limit: 2, unreadOnly: false)
        #expect(next.map(\.id) == [12, 1])
        let above = try await interactor.page(of: source, from: .before(1), limit: 2, unreadOnly: false)
        #expect(above == ReaderItemsPage(items: [ranked[1], ranked[2]], offset: 1, total: 5))
        #expect(try await interactor.page(of: source, from: .end, limit: 2, unreadOnly: false).offset == 3)
        // The next unread after the read one, in the ranking's order.
        #expect(try await interactor.items(of: source, from: .after(3), limit: 1, unreadOnly: true).map(\.id) == [12])
        let unread = try await interactor.page(of: source, from: .top, limit: 10, unreadOnly: true)
        #expect(unread.items.map(\.id) == [3, 12, 1, 7] && unread.total == 4)
        let searches = daemon.params(of: RPC.Search.self)
        #expect(searches.first == .init(query: "rust", feed: "2", limit: 500))
        #expect(searches.count == 5, "pages with their position and unread look-ups ask again; the next page does not")
        await #expect(throws: DaemonRefusal.self) { try await interactor.items(of: source, from: .after(99), limit: 2, unreadOnly: false) }
    }

    @Test func markingAListingReadUsesTheDaemonsSelectionsWhereTheyExist() async throws {
        daemon.stub(RPC.MarkRead.self, ItemStateChange(updated: 4))
        daemon.stub(RPC.ListItems.self, .init(items: [Fixtures.item(5), Fixtures.item(6)]))
        let interactor = try interactor()
        #expect(try await interactor.markAllRead(of: .allUnread) == 4)
        _ = try await interactor.markAllRead(of: .feed(number: 3, title: "K"))
        _ = try await interactor.markAllRead(of: .tag("linux"))
        let marks = daemon.params(of: RPC.MarkRead.self)
        #expect(marks[0] == .init(all: true, read: true))
        #expect(marks[1] == .init(feed: "3", read: true))
        #expect(marks[2] == .init(numbers: [5, 6], read: true))
        #expect(daemon.params(of: RPC.ListItems.self) == [.init(unreadOnly: true, tag: "linux", limit: 500)])
    }
}

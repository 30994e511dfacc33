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
        #expect(page == ItemPage(items: [Fixtures.item(7)], offset: 12, total: 40))
        _ = try await interactor.page(of: .allUnread, from: .before(9), limit: 20, unreadOnly: false)
        _ = try await interactor.page(of: .starred, from: .end, limit: 20, unreadOnly: false)
        _ = try await interactor.page(of: .tag("linux"), from: .top, limit: 20, unreadOnly: true)
        _ = try await interactor.page(of: .search(query: "rust", within: .feed(number: 2, title: "P")), from: .top, limit: 5, unreadOnly: false)
        let params = daemon.params(of: RPC.ListItems.self)
        #expect(params[0] == .init(unreadOnly: false, feed: "3", limit: 20, after: 9, withPosition: true))
        #expect(params[1] == .init(unreadOnly: true, limit: 20, before: 9, withPosition: true))
        #expect(params[2] == .init(unreadOnly: false, starredOnly: true, limit: 20, fromEnd: true, withPosition: true))
        #expect(params[3] == .init(unreadOnly: true, tag: "linux", limit: 20, withPosition: true))
        #expect(params[4] == .init(unreadOnly: false, feed: "2", search: "rust", limit: 5, withPosition: true))
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

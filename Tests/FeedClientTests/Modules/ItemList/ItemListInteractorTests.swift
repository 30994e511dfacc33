#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedIPC
import Testing
@testable import FeedClient

struct ItemListInteractorTests {
    let daemon = DaemonClientStub()
    let clock = FixedClock(now: Fixtures.now, offset: 3600)

    @Test func aTagIsFoundInTheFeedsCaseInsensitively() async {
        var tagged = Fixtures.feed(2)
        tagged.tags = ["Linux", "My News"]
        daemon.stub(RPC.ListFeeds.self, .init(feeds: [Fixtures.feed(1), tagged]))
        let interactor = ItemListInteractor(daemon: daemon, clock: clock)
        #expect(await interactor.tag(like: "my news") == "My News")
        #expect(await interactor.tag(like: "kernel") == nil)
        daemon.fail(RPC.ListFeeds.self, with: DaemonClientError.connectionLost)
        #expect(await interactor.tag(like: "linux") == nil)
    }

    @Test func asksForUnreadItemsByDefault() async throws {
        daemon.stub(RPC.ListItems.self, .init(items: [Fixtures.item(1)]))
        let items = try await ItemListInteractor(daemon: daemon, clock: clock).items(matching: .init())
        #expect(items.map(\.id) == [1])
        #expect(daemon.params(of: RPC.ListItems.self) == [.init(unreadOnly: true, feed: nil, limit: nil)])
    }

    @Test func passesTheQueryOn() async throws {
        daemon.stub(RPC.ListItems.self, .init(items: []))
        _ = try await ItemListInteractor(daemon: daemon, clock: clock).items(
            matching: .init(includeRead: true, feed: "Kernel", tag: "linux", search: "rust async", limit: 20))
        #expect(daemon.params(of: RPC.ListItems.self) == [
            .init(unreadOnly: false, feed: "Kernel", tag: "linux", search: "rust async", limit: 20)
        ])
    }

    @Test func starredItemsAreListedReadOrNot() async throws {
        daemon.stub(RPC.ListItems.self, .init(items: []))
        _ = try await ItemListInteractor(daemon: daemon, clock: clock).items(matching: .init(starredOnly: true))
        #expect(daemon.params(of: RPC.ListItems.self) == [.init(unreadOnly: false, starredOnly: true)])
    }

    @Test func sinceIsResolvedAgainstTheClock() async throws {
        daemon.stub(RPC.ListItems.self, .init(items: []))
        let interactor = ItemListInteractor(daemon: daemon, clock: clock)
        _ = try await interactor.items(matching: .init(since: .ago(amount: 2, unit: .days)))
        _ = try await interactor.items(matching: .init(since: .localDay(year: 2026, month: 11, day: 1)))
        #expect(daemon.params(of: RPC.ListItems.self).map(\.since) == [
            Fixtures.now.addingTimeInterval(-2 * 86_400),
            Date(timeIntervalSince1970: 1_793_487_600),  // 2026-11-01T00:00:00+01:00
        ])
    }
}

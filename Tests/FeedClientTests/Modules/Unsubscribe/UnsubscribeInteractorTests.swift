import FeedIPC
import Foundation
import Testing
@testable import FeedClient

struct UnsubscribeInteractorTests {
    @Test func sendsTheSelectorAndWhetherStarredItemsGoToo() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.Unsubscribe.self, .init(feed: Fixtures.feed(5), deletedItems: 8, keptItems: 2))
        let result = try await UnsubscribeInteractor(daemon: daemon).unsubscribe(from: "5", deleteStarred: false)
        #expect(result.feed.id == 5 && result.deletedItems == 8 && result.keptItems == 2)
        _ = try await UnsubscribeInteractor(daemon: daemon).unsubscribe(from: "5", deleteStarred: true)
        #expect(daemon.params(of: RPC.Unsubscribe.self) == [.init(feed: "5"), .init(feed: "5", deleteStarred: true)])
    }

    @Test func anOlderDaemonsAnswerMeansEveryItemWent() throws {
        let answer = #"{"feed":{"id":5,"url":"https://a.example/f","title":"A","subscribedAt":"2026-11-22T10:00:00Z","itemCount":7,"unreadCount":0}}"#
        let result = try WireCoding.makeDecoder().decode(RPC.Unsubscribe.Result.self, from: Data(answer.utf8))
        #expect(result.deletedItems == 7 && result.keptItems == 0)
    }
}

import FeedIPC
import Testing
@testable import FeedClient

struct ShowItemInteractorTests {
    @Test func asksForTheItemRenderedAtTheWidth() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.GetItem.self, .init(item: Fixtures.item(12), rendered: .init(text: "Hello", links: [])))
        let result = try await ShowItemInteractor(daemon: daemon).item(number: 12, width: 72)
        #expect(result.item.id == 12)
        #expect(result.rendered?.text == "Hello")
        #expect(daemon.params(of: RPC.GetItem.self) == [.init(number: 12, width: 72, shown: true)])
    }

    @Test func asksForTheNextUnreadItemAndSaysWhatItWentOnAfter() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.NextItem.self, .init(item: Fixtures.item(30), rendered: .init(text: "Next", links: []), after: 31))
        let next = try await ShowItemInteractor(daemon: daemon).nextItem(afterShown: true, width: 72)
        #expect(next == NextUnreadItem(
            found: ItemToShow(item: Fixtures.item(30), rendered: .init(text: "Next", links: [])), after: 31))
        #expect(daemon.params(of: RPC.NextItem.self) == [.init(afterShown: true, width: 72)])

        daemon.stub(RPC.NextItem.self, .init(item: nil, after: 30))
        #expect(try await ShowItemInteractor(daemon: daemon).nextItem(afterShown: true, width: 72)
            == NextUnreadItem(found: nil, after: 30))
    }

    @Test func marksTheOneItemRead() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.MarkRead.self, .init(updated: 1))
        try await ShowItemInteractor(daemon: daemon).markRead(number: 12)
        #expect(daemon.params(of: RPC.MarkRead.self) == [.init(numbers: [12], read: true)])
    }

    @Test func daemonErrorsPassThrough() async {
        let daemon = DaemonClientStub()
        daemon.fail(RPC.GetItem.self, with: RPCError(.notFound, "no item 9"))
        await #expect(throws: DaemonRefusal(RPCError(.notFound, "no item 9"))) {
            try await ShowItemInteractor(daemon: daemon).item(number: 9, width: 80)
        }
    }
}

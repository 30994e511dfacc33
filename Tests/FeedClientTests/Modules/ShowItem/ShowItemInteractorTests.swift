import FeedEntities
import FeedIPC
import Foundation
import Testing
@testable import FeedClient

struct ShowItemInteractorTests {
    @Test func asksForTheItemRenderedAtTheWidth() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.GetItem.self, .init(item: Fixtures.item(12), rendered: .init(text: "Hello", links: [])))
        let result = try await ShowItemInteractor(daemon: daemon).item(number: 12, width: 72, text: nil)
        #expect(result.item.id == 12)
        #expect(result.rendered?.text == "Hello")
        #expect(daemon.params(of: RPC.GetItem.self) == [.init(number: 12, width: 72, shown: true)])
    }

    @Test func asksForTheNextUnreadItemAndSaysWhatItWentOnAfter() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.NextItem.self, .init(item: Fixtures.item(30), rendered: .init(text: "Next", links: []), after: 31))
        let next = try await ShowItemInteractor(daemon: daemon).nextItem(afterShown: true, width: 72, text: nil)
        #expect(next == NextUnreadItem(
            found: ItemToShow(item: Fixtures.item(30), rendered: .init(text: "Next", links: [])), after: 31))
        #expect(daemon.params(of: RPC.NextItem.self) == [.init(afterShown: true, width: 72)])

        daemon.stub(RPC.NextItem.self, .init(item: nil, after: 30))
        #expect(try await ShowItemInteractor(daemon: daemon).nextItem(afterShown: true, width: 72, text: nil)
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
            try await ShowItemInteractor(daemon: daemon).item(number: 9, width: 80, text: nil)
        }
    }

    @Test func asksForTheFeedsTextWhenToldTo() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.GetItem.self, .init(item: Fixtures.item(12), rendered: .init(text: "Feed", links: []), text: .feed))
        let result = try await ShowItemInteractor(daemon: daemon).item(number: 12, width: 72, text: .feed)
        #expect(result.text == .feed)
        #expect(daemon.params(of: RPC.GetItem.self) == [.init(number: 12, width: 72, shown: true, text: .feed)])
    }

    @Test func asksForTheArticleOfThePageAndSaysWhichTextCame() async throws {
        let daemon = DaemonClientStub()
        let article = ItemArticle(
            status: .extracted, url: "https://example.org/a", html: "<p>Whole</p>", images: ["https://example.org/i.png"],
            fetchedAt: Date(timeIntervalSince1970: 1_000), extractedAt: Date(timeIntervalSince1970: 1_000))
        daemon.stub(RPC.GetArticle.self, .init(
            item: Fixtures.item(12), rendered: .init(text: "Whole", links: []), article: article, text: .article))
        let result = try await ShowItemInteractor(daemon: daemon).article(number: 12, width: 72)
        #expect(result == ItemToShow(
            item: Fixtures.item(12), rendered: .init(text: "Whole", links: []), article: article, text: .article))
        #expect(daemon.params(of: RPC.GetArticle.self) == [.init(number: 12, width: 72, shown: true)])
    }
}

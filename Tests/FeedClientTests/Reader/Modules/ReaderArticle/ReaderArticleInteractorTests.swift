import FeedEntities
import FeedIPC
import Foundation
import Testing
@testable import FeedClient

@MainActor
struct ReaderArticleInteractorTests {
    @Test func readsTheItemRenderedAtTheWidthAndNotesItShown() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.GetItem.self, .init(item: Fixtures.item(4), rendered: RenderedContent(text: "Body[1]", links: ["https://x.example/"])))
        daemon.stub(RPC.MarkRead.self, ItemStateChange(updated: 1))
        daemon.stub(RPC.Star.self, ItemStateChange(updated: 1))
        let interactor = ReaderArticleInteractor(daemon: try ThreadedDaemonClient(daemon), home: nil)
        let article = try await interactor.article(4, width: 79, text: nil)
        #expect(article == ReaderArticleContent(item: Fixtures.item(4), text: "Body[1]", links: ["https://x.example/"]))
        #expect(daemon.params(of: RPC.GetItem.self) == [.init(number: 4, width: 79, shown: true)])
        try await interactor.setRead(4, read: false)
        try await interactor.setStarred(4, starred: true)
        #expect(daemon.params(of: RPC.MarkRead.self) == [.init(numbers: [4], read: false)])
        #expect(daemon.params(of: RPC.Star.self) == [.init(numbers: [4], starred: true)])
    }

    @Test func asksForTheFeedsTextOrThePagesArticle() async throws {
        let daemon = DaemonClientStub()
        let kept = ItemArticle(
            status: .extracted, url: "https://x.example/4", html: "<p>Whole</p>", fetchedAt: Date(timeIntervalSince1970: 9))
        daemon.stub(RPC.GetItem.self, .init(item: Fixtures.item(4), rendered: RenderedContent(text: "Feed", links: []), article: kept, text: .feed))
        daemon.stub(RPC.GetArticle.self, .init(
            item: Fixtures.item(4), rendered: RenderedContent(text: "Whole", links: []), article: kept, text: .article))
        let interactor = ReaderArticleInteractor(daemon: try ThreadedDaemonClient(daemon), home: nil)
        let feed = try await interactor.article(4, width: 79, text: .feed)
        #expect(feed.shown == .feed && feed.article == kept && feed.text == "Feed")
        let whole = try await interactor.fullArticle(4, width: 79)
        #expect(whole.shown == .article && whole.text == "Whole")
        #expect(daemon.params(of: RPC.GetItem.self) == [.init(number: 4, width: 79, shown: true, text: .feed)])
        #expect(daemon.params(of: RPC.GetArticle.self) == [.init(number: 4, width: 79, shown: true)])
    }

    @Test func onlyWebLinksAreOpenTargets() throws {
        let interactor = ReaderArticleInteractor(daemon: try ThreadedDaemonClient(DaemonClientStub()), home: nil)
        var item = Fixtures.item(4, link: "  https://a.example/x  ")
        #expect(try interactor.openTarget(of: item, enclosure: false) == "https://a.example/x")
        item.link = "javascript:alert(1)"
        #expect(throws: OpenTargetError.self) { try interactor.openTarget(of: item, enclosure: false) }
        #expect(throws: OpenTargetError.noEnclosure(item: 4)) { try interactor.openTarget(of: item, enclosure: true) }
    }
}

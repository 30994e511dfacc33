import FeedEntities
import Foundation
import Testing
@testable import FeedClient

/// `f` on the article screen: the page's article, fetched by the daemon when none is kept, and
/// the feed's text again; the header's `Text:` line says which.
@MainActor
struct ReaderArticlePresenterFullTextTests {
    let view = ReaderArticleViewSpy()
    let interactor = ReaderArticleUseCaseStub()
    let router = ReaderArticleWireframeSpy()
    let list = ReaderArticleListStub()

    init() {
        interactor.items[5] = Fixtures.item(5, title: "Tiling", author: "Ada")
        interactor.items[9] = Fixtures.item(9, title: "Next one")
    }

    func presenter() -> ReaderArticlePresenter {
        ReaderArticlePresenter(
            number: 5, view: view, interactor: interactor, router: router, list: list,
            mapper: ItemDetailMapper(clock: FixedClock(now: Fixtures.now)))
    }

    static let extracted = ItemArticle(
        status: .extracted, url: "https://example.org/5", html: "<p>Whole</p>", fetchedAt: Fixtures.now,
        extractedAt: Fixtures.now)

    private func textNote(_ presenter: ReaderArticlePresenter) -> String? {
        // The field's first line, and the lines its value wrapped onto.
        guard let index = presenter.lines.firstIndex(where: { $0.kind == .header(label: "Text:") }) else { return nil }
        let rest = presenter.lines[(index + 1)...].prefix { $0.kind == .header(label: "") && !$0.text.isEmpty }
        return ([presenter.lines[index].text] + rest.map(\.text)).joined(separator: " ")
    }

    @Test func fetchesThePagesArticleWhenNoneIsKeptAndSwitchesBack() async {
        let presenter = presenter()
        await presenter.screenWillAppear()
        #expect(textNote(presenter) == nil, "a page never fetched adds no Text: line")
        interactor.articles[5] = Self.extracted
        _ = await presenter.handle(.character("f"), action: .toggleFullText)
        #expect(interactor.fullRequests == [5])
        #expect(presenter.content?.shown == .article)
        #expect(presenter.lines.contains { $0.text.hasPrefix("Whole line 1 of 5") })
        #expect(textNote(presenter)?.hasPrefix("the page's article") == true)
        #expect(router.messages.last == "The page's article")

        _ = await presenter.handle(.character("f"), action: .toggleFullText)
        #expect(interactor.texts.last == .feed)
        #expect(presenter.content?.shown == .feed)
        #expect(textNote(presenter) == "the feed's (the page's article is kept)")
        // Kept: the way back to the article is a read, not another fetch.
        _ = await presenter.handle(.character("f"), action: .toggleFullText)
        #expect(interactor.fullRequests == [5])
        #expect(interactor.texts.last == .article)
        #expect(presenter.content?.shown == .article)
    }

    @Test func aPageWithoutAnArticleSaysWhyAndKeepsTheFeedsText() async {
        let presenter = presenter()
        await presenter.screenWillAppear()
        interactor.articles[5] = ItemArticle(
            status: .failed, url: "https://example.org/5", fetchedAt: Fixtures.now, error: "HTTP 404 Not Found")
        _ = await presenter.handle(.character("f"), action: .toggleFullText)
        #expect(presenter.content?.shown == .feed)
        #expect(router.messages.last == "The page could not be fetched: HTTP 404 Not Found")
        #expect(textNote(presenter) == "the feed's (the page could not be fetched: HTTP 404 Not Found)")
    }

    @Test func theChoiceHoldsForTheItemNotTheNextOne() async {
        let presenter = presenter()
        interactor.articles[5] = Self.extracted
        await presenter.screenWillAppear()
        #expect(interactor.texts == [nil])
        _ = await presenter.handle(.character("f"), action: .toggleFullText)
        #expect(interactor.texts.last == .feed)
        // A resize renders the text chosen again.
        view.textColumns = 50
        await presenter.sizeDidChange()
        #expect(interactor.texts.last == .feed)
        list.next = 9
        _ = await presenter.handle(.character("n"), action: .nextUnread)
        #expect(interactor.texts.last == .some(nil))
    }
}

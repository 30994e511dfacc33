import FeedEntities
import Testing
@testable import FeedClient

/// `/` in an article, and its links opened by number.
@MainActor
struct ReaderArticlePresenterFindTests {
    let view = ReaderArticleViewSpy()
    let interactor = ReaderArticleUseCaseStub()
    let router = ReaderArticleWireframeSpy()
    let list = ReaderArticleListStub()

    init() {
        interactor.items[5] = Fixtures.item(5, title: "Tiling", author: "Ada")
    }

    func presenter() async -> ReaderArticlePresenter {
        let presenter = ReaderArticlePresenter(
            number: 5, view: view, interactor: interactor, router: router, list: list,
            mapper: ItemDetailMapper(clock: FixedClock(now: Fixtures.now)))
        await presenter.screenWillAppear()
        return presenter
    }

    /// The stub's text: "Line 1 of 5 at 60" … "Line 12 of 5 at 60[1]".
    @Test func findHighlightsBringsTheFirstMatchBelowTheTopIntoViewAndNSteps() async {
        let presenter = await presenter()
        _ = await presenter.handle(.character(" "), action: .pageDown)
        _ = await presenter.handle(.character(" "), action: .pageDown)
        router.answers = ["LINE 1"]
        _ = await presenter.handle(.character("/"), action: .search)
        #expect(router.questions == ["Find in article: "])
        // "Line 1" and "Line 10"…"Line 12": four lines; from the top at 8 (below the header's
        // six lines and "Line 1", "Line 2") the first at or below it is "Line 10".
        let lines = presenter.lines
        let matches = ReaderArticlePresenter.matches(of: "line 1", in: lines)
        #expect(matches.count == 4)
        #expect(presenter.finding?.lines == matches)
        #expect(lines[presenter.finding.map { $0.lines[$0.current] } ?? 0].text.hasPrefix("Line 10"))
        #expect(view.last?.highlight == "LINE 1")
        #expect(router.messages.last?.hasPrefix("2 of 4 matches for “LINE 1”") == true)
        _ = await presenter.handle(.character("n"), action: .nextUnread)
        _ = await presenter.handle(.character("n"), action: .nextUnread)
        _ = await presenter.handle(.character("n"), action: .nextUnread)
        #expect(router.messages.last?.hasPrefix("1 of 4") == true, "round the end")
        _ = await presenter.handle(.character("N"), action: .toggleRead)
        #expect(router.messages.last?.hasPrefix("4 of 4") == true)
        #expect(interactor.readChanges.map(\.1) == [true], "N stepped back, it did not mark unread")
        // ESC stops finding; then n is next-unread again and ESC would leave.
        _ = await presenter.handle(.escape, action: .quit)
        #expect(presenter.finding == nil)
        #expect(view.last?.highlight == nil)
        list.next = nil
        _ = await presenter.handle(.character("n"), action: .nextUnread)
        #expect(router.messages.last == "No unread items")
    }

    @Test func textNotThereIsSaidAndAnEmptyAnswerGoesOn() async {
        let presenter = await presenter()
        router.answers = ["espresso"]
        _ = await presenter.handle(.character("/"), action: .search)
        #expect(presenter.finding == nil)
        #expect(router.messages.last == "Not found: espresso")
        router.answers = ["of 5 at 6", ""]
        _ = await presenter.handle(.character("/"), action: .search)
        _ = await presenter.handle(.character("/"), action: .search)
        #expect(router.messages.last?.hasPrefix("2 of 12 matches") == true)
    }

    @Test func aResizeFindsTheMatchesAgainInTheNewLines() async {
        let presenter = await presenter()
        router.answers = ["at 60"]
        _ = await presenter.handle(.character("/"), action: .search)
        #expect(presenter.finding?.lines.count == 12)
        view.textColumns = 40
        await presenter.sizeDidChange()
        #expect(presenter.finding == nil, "the text says `at 40` now")
    }

    @Test func digitsOpenTheNumberedLinkAndHashAsksForTheNumber() async {
        let presenter = await presenter()
        _ = await presenter.handle(.character("1"), action: nil)
        #expect(router.opened == ["https://ref.example/5"])
        _ = await presenter.handle(.character("3"), action: nil)
        #expect(router.messages.last == "This article has no link [3]")
        router.answers = [" 1 ", "x"]
        _ = await presenter.handle(.character("#"), action: .gotoURL)
        #expect(router.questions == ["Open link number: "])
        #expect(router.opened == ["https://ref.example/5", "https://ref.example/5"])
        _ = await presenter.handle(.character("#"), action: .gotoURL)
        #expect(router.messages.last == "Not a link number: x")
        // A digit bound to an action does that action instead.
        _ = await presenter.handle(.character("0"), action: .end)
        #expect(router.opened.count == 2)
    }
}

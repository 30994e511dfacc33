import FeedEntities
import Testing
@testable import FeedClient

/// The reader's settings on an items screen: read items hidden or shown (`l`), item numbers,
/// and `n` kept within the feed when `goto_next_feed` is off.
@MainActor
struct ReaderItemsPresenterSettingsTests {
    let view = ReaderItemsViewSpy()
    let router = ReaderItemsWireframeSpy()

    func presenter(_ interactor: ReaderItemsUseCaseFake, settings: ReaderSettings, listings: ReaderListingSequenceStub? = nil) -> ReaderItemsPresenter {
        ReaderItemsPresenter(
            source: .feed(number: 1, title: "Planet"), listings: listings, view: view, interactor: interactor, router: router,
            mapper: ItemRowMapper(clock: FixedClock(now: Fixtures.now)), settings: settings)
    }

    @Test func withReadArticlesHiddenOnlyUnreadItemsAreListedAndLShowsTheRest() async {
        let interactor = ReaderItemsUseCaseFake(count: 6)
        for index in [0, 2, 3] { interactor.listing[index].isRead = true }
        let presenter = presenter(interactor, settings: ReaderSettings(showsReadArticles: false, showsItemNumbers: true))
        await presenter.screenWillAppear()
        #expect(view.last?.rows.map(\.number) == [5, 2, 1])
        #expect(view.last?.showsNumbers == true)
        #expect(interactor.requests.allSatisfy { $0.unreadOnly })
        _ = await presenter.handle(.down, action: .down)
        _ = await presenter.handle(.character("l"), action: .toggleShowRead)
        #expect(presenter.showsRead)
        #expect(view.last?.rows.map(\.number) == [6, 5, 4, 3, 2, 1])
        #expect(presenter.selectedItem?.id == 2, "the cursor stays on its item")
        #expect(router.messages.last?.0 == "Showing read items too")
        _ = await presenter.handle(.character("l"), action: .toggleShowRead)
        #expect(view.last?.rows.map(\.number) == [5, 2, 1])
        #expect(router.messages.last?.0 == "Showing unread items only")
    }

    @Test func aListingWithNothingUnreadSaysHowToSeeTheRest() async {
        let interactor = ReaderItemsUseCaseFake(count: 2)
        for index in 0..<2 { interactor.listing[index].isRead = true }
        let presenter = presenter(interactor, settings: ReaderSettings(showsReadArticles: false))
        await presenter.screenWillAppear()
        #expect(view.last?.rows.isEmpty == true)
        #expect(view.last?.emptyText == "No unread items (l lists the read ones too)")
    }

    @Test func withoutGotoNextFeedNextUnreadStaysInTheFeed() async {
        let interactor = ReaderItemsUseCaseFake(count: 0)
        interactor.feedListings[1] = [Fixtures.item(1, isRead: true)]
        interactor.feedListings[2] = [Fixtures.item(2, feedID: 2)]
        let listings = ReaderListingSequenceStub(feeds: [(1, 0), (2, 1)])
        let presenter = presenter(interactor, settings: ReaderSettings(goesToNextFeed: false), listings: listings)
        await presenter.screenWillAppear()
        _ = await presenter.handle(.character("n"), action: .nextUnread)
        #expect(presenter.source == .feed(number: 1, title: "Planet"))
        #expect(router.messages.last?.0 == "No unread items")
        #expect(listings.asked.isEmpty)
        // J still goes there.
        _ = await presenter.handle(.character("J"), action: .nextFeed)
        #expect(presenter.source == .feed(number: 2, title: "Feed 2"))
    }
}

extension ReaderItemsPresenterSettingsTests {
    @Test func sortGoesThroughTheOrdersKeepingTheCursorsItemAndTheSettingStartsOne() async {
        let interactor = ReaderItemsUseCaseFake(count: 3)
        interactor.listing = [Fixtures.item(3, title: "b"), Fixtures.item(2, title: "c"), Fixtures.item(1, title: "a")]
        let presenter = presenter(interactor, settings: ReaderSettings(order: .title))
        #expect(interactor.order == .title)
        await presenter.screenWillAppear()
        #expect(view.last?.rows.map(\.number) == [1, 3, 2])
        #expect(view.last?.title == "Planet (by title)")
        _ = await presenter.handle(.down, action: .down)
        _ = await presenter.handle(.character("S"), action: .sort)
        #expect(interactor.order == .feed)
        #expect(router.messages.last?.0 == "Items by feed")
        #expect(presenter.selectedItem?.id == 3, "the cursor stays on its item")
        _ = await presenter.handle(.character("S"), action: .sort)
        _ = await presenter.handle(.character("S"), action: .sort)
        #expect(interactor.order == .date)
        #expect(view.last?.title == "Planet")
    }
}

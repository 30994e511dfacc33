import FeedEntities
import Testing
@testable import FeedClient

/// `n`/`p` past a feed's ends and `J`/`K`, as newsboat goes from feed to feed.
@MainActor
struct ReaderItemsPresenterFeedToFeedTests {
    let view = ReaderItemsViewSpy()
    let router = ReaderItemsWireframeSpy()

    /// Feed 1 lists items 3…1, all read; feed 2 (the feeds screen says: 1 unread, but it was
    /// read meanwhile) lists 20; feed 3 lists 32…30 with 31 and 30 unread.
    func fake() -> ReaderItemsUseCaseFake {
        let interactor = ReaderItemsUseCaseFake(count: 0)
        interactor.feedListings[1] = (1...3).reversed().map { Fixtures.item(Int64($0), feedID: 1, isRead: true) }
        interactor.feedListings[2] = [Fixtures.item(20, feedID: 2, isRead: true)]
        interactor.feedListings[3] = [
            Fixtures.item(32, feedID: 3, isRead: true), Fixtures.item(31, feedID: 3), Fixtures.item(30, feedID: 3),
        ]
        return interactor
    }

    func presenter(_ interactor: ReaderItemsUseCaseFake, on feed: Int64, listings: ReaderListingSequenceStub) -> ReaderItemsPresenter {
        ReaderItemsPresenter(
            source: .feed(number: feed, title: "Feed \(feed)"), listings: listings, view: view, interactor: interactor,
            router: router, mapper: ItemRowMapper(clock: FixedClock(now: Fixtures.now)))
    }

    @Test func nextUnreadGoesOnToTheNextFeedWithUnreadItemsPassingOneReadMeanwhile() async {
        let listings = ReaderListingSequenceStub(feeds: [(1, 0), (2, 1), (3, 2)])
        let presenter = presenter(fake(), on: 1, listings: listings)
        await presenter.screenWillAppear()
        _ = await presenter.handle(.character("n"), action: .nextUnread)
        #expect(presenter.source == .feed(number: 3, title: "Feed 3"))
        #expect(presenter.selectedItem?.id == 31)
        #expect(view.last?.title == "Feed 3")
        #expect(view.last.flatMap { model in model.selectedRow.map { model.rows[$0].number } } == 31)
        #expect(listings.asked.map(\.unreadOnly) == [true])
        #expect(listings.shown == [.feed(number: 3, title: "Feed 3")])
    }

    @Test func previousUnreadGoesBackToThePreviousFeedsLastUnreadItem() async {
        let listings = ReaderListingSequenceStub(feeds: [(3, 2), (2, 1), (1, 0)])
        let presenter = presenter(fake(), on: 1, listings: listings)
        await presenter.screenWillAppear()
        _ = await presenter.handle(.character("p"), action: .previousUnread)
        #expect(presenter.source == .feed(number: 3, title: "Feed 3"))
        #expect(presenter.selectedItem?.id == 30)
    }

    @Test func nextUnreadComesRoundToAnUnreadItemAboveBeforeLeavingTheFeed() async {
        let interactor = fake()
        interactor.feedListings[1]?[0].isRead = false
        let listings = ReaderListingSequenceStub(feeds: [(1, 1), (3, 2)])
        let presenter = presenter(interactor, on: 1, listings: listings)
        await presenter.screenWillAppear()
        _ = await presenter.handle(.down, action: .down)
        _ = await presenter.handle(.character("n"), action: .nextUnread)
        #expect(presenter.source == .feed(number: 1, title: "Feed 1"))
        #expect(presenter.selectedItem?.id == 3)
        #expect(listings.asked.isEmpty)
    }

    @Test func withNoUnreadItemAnywhereNextUnreadSaysSoAndStays() async {
        let listings = ReaderListingSequenceStub(feeds: [(1, 0), (2, 0)])
        let presenter = presenter(fake(), on: 1, listings: listings)
        await presenter.screenWillAppear()
        _ = await presenter.handle(.character("n"), action: .nextUnread)
        #expect(presenter.source == .feed(number: 1, title: "Feed 1"))
        #expect(router.messages.last?.0 == "No unread items")
    }

    @Test func theArticlesNextUnreadCrossesTooAndTheListingFollows() async {
        let listings = ReaderListingSequenceStub(feeds: [(1, 0), (3, 2)])
        let presenter = presenter(fake(), on: 1, listings: listings)
        await presenter.screenWillAppear()
        let next = await presenter.unreadNeighbour(of: 2, forward: true)
        #expect(next == 31)
        #expect(presenter.source == .feed(number: 3, title: "Feed 3"))
        #expect(presenter.selectedItem?.id == 31)
    }

    @Test func nextAndPreviousFeedShowTheNeighboursFromTheirTop() async {
        let listings = ReaderListingSequenceStub(feeds: [(1, 0), (2, 1), (3, 2)])
        let presenter = presenter(fake(), on: 2, listings: listings)
        await presenter.screenWillAppear()
        _ = await presenter.handle(.character("J"), action: .nextFeed)
        #expect(presenter.source == .feed(number: 3, title: "Feed 3"))
        #expect(presenter.selectedItem?.id == 32)
        _ = await presenter.handle(.character("J"), action: .nextFeed)
        #expect(router.messages.last?.0 == "No feed after this one")
        #expect(presenter.source == .feed(number: 3, title: "Feed 3"))
        // Feed 2's unread item was read meanwhile, and feed 1 has none.
        _ = await presenter.handle(.control("p"), action: .previousUnreadFeed)
        #expect(presenter.source == .feed(number: 3, title: "Feed 3"))
        #expect(router.messages.last?.0 == "No feed with unread items before this one")
        _ = await presenter.handle(.character("K"), action: .previousFeed)
        _ = await presenter.handle(.character("K"), action: .previousFeed)
        #expect(presenter.source == .feed(number: 1, title: "Feed 1"))
        #expect(view.last?.rows.map(\.number) == [3, 2, 1])
    }

    @Test func searchResultsHaveNoNextFeed() async {
        let presenter = ReaderItemsPresenter(
            source: .search(query: "x", within: .everything), view: view, interactor: fake(), router: router,
            mapper: ItemRowMapper(clock: FixedClock(now: Fixtures.now)))
        await presenter.screenWillAppear()
        #expect(await presenter.moveToListing(forward: true, unreadOnly: false) == false)
        #expect(router.messages.last?.0 == "These results are not a feed of the feeds screen")
    }
}

import FeedEntities
import Testing
@testable import FeedClient

@MainActor
struct ReaderItemsPresenterTests {
    let view = ReaderItemsViewSpy()
    let router = ReaderItemsWireframeSpy()

    func presenter(_ interactor: ReaderItemsUseCaseFake, source: ItemSource = .allUnread) -> ReaderItemsPresenter {
        ReaderItemsPresenter(
            source: source, view: view, interactor: interactor, router: router,
            mapper: ItemRowMapper(clock: FixedClock(now: Fixtures.now)))
    }

    @Test func aHugeListingCostsAScreenfulAndAMargin() async {
        let interactor = ReaderItemsUseCaseFake(count: 100_000)
        let presenter = presenter(interactor)
        await presenter.screenWillAppear()
        #expect(interactor.requests.count == 1)
        #expect(interactor.requests.allSatisfy { $0.limit <= view.listRows * 2 })
        #expect(view.last?.rows.count == 10)
        #expect(view.last?.position == "1/100000")
        #expect(view.last?.rows.first?.number == 100_000)
        #expect(presenter.items.count <= 20)
    }

    @Test func pagingDownAsksForTheNextPageOnlyWhenTheScreenLeavesTheWindow() async {
        let interactor = ReaderItemsUseCaseFake(count: 1_000)
        let presenter = presenter(interactor)
        await presenter.screenWillAppear()
        _ = await presenter.handle(.pageDown, action: .pageDown)
        #expect(interactor.requests.count == 1)
        for _ in 0..<30 { _ = await presenter.handle(.pageDown, action: .pageDown) }
        #expect(view.last?.rows.count == 10)
        let selected = view.last.flatMap { model in model.selectedRow.map { model.rows[$0].number } }
        #expect(selected == Int64(1_000 - presenter.cursor.selected))
        #expect(interactor.requests.allSatisfy { $0.limit <= 20 })
        #expect(presenter.items.count <= 80)
    }

    @Test func thePagesNextToTheWindowComeWithoutACountOfTheListing() async {
        let interactor = ReaderItemsUseCaseFake(count: 1_000)
        let presenter = presenter(interactor)
        await presenter.screenWillAppear()
        for _ in 0..<30 { _ = await presenter.handle(.pageDown, action: .pageDown) }
        #expect(interactor.requests.count > 5)
        #expect(interactor.positioned == 1, "only the first page is counted")
        #expect(view.last?.position == "\(presenter.cursor.selected + 1)/1000")
        let top = presenter.cursor.top
        #expect(view.last?.rows.map(\.number) == (top..<top + 10).map { Int64(1_000 - $0) })
    }

    @Test func theListingsEndCorrectsACountThatWentStale() async {
        let interactor = ReaderItemsUseCaseFake(count: 100)
        let presenter = presenter(interactor)
        await presenter.screenWillAppear()
        // Retention deletes the oldest 30 items while the screen shows the newest.
        interactor.listing.removeLast(30)
        for _ in 0..<20 { _ = await presenter.handle(.pageDown, action: .pageDown) }
        #expect(view.last?.position == "70/70")
        #expect(view.last?.rows.last?.number == 31)
    }

    @Test func aWindowWhosePlaceWentStaleAsksWhereItIsGoingUp() async {
        let interactor = ReaderItemsUseCaseFake(count: 100)
        let presenter = presenter(interactor)
        await presenter.screenWillAppear()
        _ = await presenter.handle(.character("G"), action: .end)
        // Retention deletes the newest 30 items far above the window.
        interactor.listing.removeFirst(30)
        for _ in 0..<20 { _ = await presenter.handle(.pageUp, action: .pageUp) }
        #expect(view.last?.rows.first?.number == 70)
        #expect(view.last?.position == "1/70")
    }

    @Test func endAndHomeJumpWithoutWalkingTheListing() async {
        let interactor = ReaderItemsUseCaseFake(count: 100_000)
        let presenter = presenter(interactor)
        await presenter.screenWillAppear()
        _ = await presenter.handle(.character("G"), action: .end)
        #expect(interactor.requests.last?.anchor == .end)
        #expect(view.last?.position == "100000/100000")
        #expect(view.last?.rows.last?.number == 1)
        _ = await presenter.handle(.character("g"), action: .home)
        #expect(interactor.requests.last?.anchor == .top)
        #expect(view.last?.position == "1/100000")
        #expect(interactor.requests.count == 3)
    }

    @Test func goingUpPastTheWindowLoadsThePageAbove() async {
        let interactor = ReaderItemsUseCaseFake(count: 1_000)
        let presenter = presenter(interactor)
        await presenter.screenWillAppear()
        _ = await presenter.handle(.character("G"), action: .end)
        for _ in 0..<5 { _ = await presenter.handle(.pageUp, action: .pageUp) }
        guard case .before? = interactor.requests.last?.anchor else {
            Issue.record("expected a page above, got \(interactor.requests.map(\.anchor))")
            return
        }
        #expect(view.last?.rows.count == 10)
        #expect(view.last?.rows.map(\.number) == Array((presenter.cursor.top..<presenter.cursor.top + 10).map { Int64(1_000 - $0) }))
    }

    @Test func newItemsDoNotMoveTheCursorOffItsItem() async {
        let interactor = ReaderItemsUseCaseFake(count: 50)
        let presenter = presenter(interactor)
        await presenter.screenWillAppear()
        for _ in 0..<3 { _ = await presenter.handle(.down, action: .down) }
        #expect(presenter.selectedItem?.id == 47)
        interactor.listing.insert(contentsOf: [Fixtures.item(52), Fixtures.item(51)], at: 0)
        await presenter.dataDidChange()
        presenter.redraw()
        #expect(presenter.selectedItem?.id == 47)
        #expect(view.last?.position == "6/52")
    }

    @Test func nextUnreadSkipsReadItemsThroughTheDaemon() async {
        let interactor = ReaderItemsUseCaseFake(count: 100)
        for index in 1..<60 { interactor.listing[index].isRead = true }
        let presenter = presenter(interactor, source: .feed(number: 1, title: "Planet"))
        await presenter.screenWillAppear()
        _ = await presenter.handle(.character("n"), action: .nextUnread)
        #expect(presenter.selectedItem?.id == 40)
        #expect(interactor.requests.contains { $0.unreadOnly && $0.limit == 1 })
        #expect(view.last.flatMap { model in model.selectedRow.map { model.rows[$0].number } } == 40)
    }

    @Test func openingInTheBrowserMarksReadOnlyAfterItOpened() async {
        let interactor = ReaderItemsUseCaseFake(count: 3)
        let presenter = presenter(interactor)
        await presenter.screenWillAppear()
        router.openError = BrowserLaunchError.browserFailed(program: "w3m", status: 1)
        _ = await presenter.handle(.character("o"), action: .openInBrowser)
        #expect(interactor.readChanges.isEmpty)
        #expect(router.messages.last?.1 == true)
        router.openError = nil
        _ = await presenter.handle(.character("o"), action: .openInBrowser)
        #expect(router.opened == ["https://example.org/item"])
        #expect(interactor.readChanges.map(\.0) == [[3]])
    }

    @Test func aLinkThatIsNotHTTPIsNeverOpened() async {
        let interactor = ReaderItemsUseCaseFake(count: 1)
        interactor.listing[0].link = "file:///etc/passwd"
        let presenter = presenter(interactor)
        await presenter.screenWillAppear()
        _ = await presenter.handle(.character("o"), action: .openInBrowser)
        #expect(router.opened.isEmpty)
        #expect(router.messages.last?.0.contains("refusing to open") == true)
        #expect(interactor.readChanges.isEmpty)
    }

    @Test func togglesReadAndStarOnTheSelectedItem() async {
        let interactor = ReaderItemsUseCaseFake(count: 3)
        let presenter = presenter(interactor)
        await presenter.screenWillAppear()
        _ = await presenter.handle(.character("*"), action: .toggleStar)
        _ = await presenter.handle(.character("N"), action: .toggleRead)
        #expect(interactor.readChanges.map(\.1) == [true])
        #expect(interactor.starChanges.map(\.1) == [true])
        #expect(view.last?.rows.first?.isRead == true)
        #expect(view.last?.rows.first?.isStarred == true)
    }

    @Test func nMovesOnAsNewsboatsDoesSoNNNMarksThreeAndStopsAtTheEnd() async {
        let interactor = ReaderItemsUseCaseFake(count: 3)
        let presenter = presenter(interactor)
        await presenter.screenWillAppear()
        for _ in 0..<4 { _ = await presenter.handle(.character("N"), action: .toggleRead) }
        // The fourth N is on the last item again: it toggles that one back.
        #expect(interactor.readChanges.map(\.1) == [true, true, true, false])
        #expect(view.last?.rows.map(\.isRead) == [true, true, false])
        #expect(view.last?.selectedRow == 2)
    }

    @Test func enterOpensTheArticleAndSearchKeepsTheFeed() async {
        let interactor = ReaderItemsUseCaseFake(count: 3)
        let presenter = presenter(interactor, source: .feed(number: 4, title: "Kernel"))
        await presenter.screenWillAppear()
        _ = await presenter.handle(.enter, action: .open)
        _ = await presenter.handle(.character("/"), action: .search)
        _ = await presenter.handle(.character("r"), action: .reload)
        #expect(router.articles == [3])
        #expect(router.searches == [.feed(number: 4, title: "Kernel")])
        #expect(router.refreshed == [[4]])
    }

    @Test func anItemReadInTheArticleStaysListedWithItsNewState() async {
        let interactor = ReaderItemsUseCaseFake(count: 5)
        let presenter = presenter(interactor)
        await presenter.screenWillAppear()
        _ = await presenter.handle(.down, action: .down)
        var read = interactor.listing[1]
        read.isRead = true
        read.isStarred = true
        interactor.listing.remove(at: 1)
        presenter.articleDidShow(read)
        await presenter.screenWillAppear()
        #expect(presenter.selectedItem?.id == 4)
        #expect(view.last?.rows.map(\.number) == [5, 4, 3, 2, 1])
        #expect(view.last?.rows[1].isRead == true)
        #expect(view.last?.rows[1].isStarred == true)
    }

    @Test func markingEverythingReadAsksFirstButAFeedDoesNot() async {
        let interactor = ReaderItemsUseCaseFake(count: 3)
        let presenter = presenter(interactor)
        await presenter.screenWillAppear()
        _ = await presenter.handle(.character("A"), action: .markFeedRead)
        _ = await presenter.handle(.character("C"), action: .markAllRead)
        #expect(router.questions.count == 2)
        #expect(interactor.markedAllRead.isEmpty)
        let feed = self.presenter(interactor, source: .feed(number: 1, title: "P"))
        await feed.screenWillAppear()
        _ = await feed.handle(.character("A"), action: .markFeedRead)
        #expect(interactor.markedAllRead == [.feed(number: 1, title: "P")])
    }

    @Test func anEmptyListingSaysSo() async {
        let presenter = presenter(ReaderItemsUseCaseFake(count: 0))
        await presenter.screenWillAppear()
        #expect(view.last?.rows.isEmpty == true)
        #expect(view.last?.emptyText == "No unread items")
        #expect(await presenter.handle(.down, action: .down))
    }
}

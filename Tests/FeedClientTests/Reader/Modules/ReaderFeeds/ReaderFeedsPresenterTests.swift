import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

@MainActor
final class ReaderFeedsViewSpy: ReaderFeedsView {
    var listRows = 10
    private(set) var shown: [ReaderFeedsModel] = []
    var last: ReaderFeedsModel? { shown.last }
    func show(_ model: ReaderFeedsModel) { shown.append(model) }
}

@MainActor
final class ReaderFeedsUseCaseStub: ReaderFeedsUseCase {
    var feeds: [Feed]
    var counts = (unread: 7, starred: 2)
    var failure: (any Error)?
    private(set) var markedRead: [Int64?] = []
    var views: [SavedView] = []
    private(set) var viewsMarkedRead: [String] = []

    init(feeds: [Feed]) { self.feeds = feeds }

    func feeds() async throws -> [Feed] {
        if let failure { throw failure }
        return feeds
    }
    func counts() async throws -> (unread: Int, starred: Int) { counts }
    private(set) var viewsAsked: [Bool] = []
    func views(counted: Bool) async throws -> [SavedView] {
        viewsAsked.append(counted)
        return counted ? views : views.map { SavedView(name: $0.name, query: $0.query, origin: $0.origin) }
    }
    func markRead(view name: String) async throws -> Int {
        viewsMarkedRead.append(name)
        views = views.map { var view = $0; if view.name == name { view.counts?.unread = 0 }; return view }
        return 4
    }
    func markRead(feed: Int64?) async throws -> Int {
        markedRead.append(feed)
        return 3
    }
}

@MainActor
final class ReaderFeedsWireframeSpy: ReaderFeedsWireframe {
    private(set) var sources: [ItemSource] = []
    private(set) var searches = 0
    private(set) var refreshed: [[Int64]] = []
    private(set) var messages: [(String, Bool)] = []
    func showItems(_ source: ItemSource, listings: any ReaderListingSequence) async { sources.append(source) }
    func showSearch() async { searches += 1 }
    func refresh(feeds: [Int64]) { refreshed.append(feeds) }
    func say(_ message: String, isError: Bool) { messages.append((message, isError)) }
    private(set) var questions: [String] = []
    private var pending: [@MainActor () async -> Void] = []
    func confirm(_ question: String, then action: @escaping @MainActor () async -> Void) {
        questions.append(question)
        pending.append(action)
    }
    private var deliveries: [@MainActor @Sendable () -> Void] = []
    func deliver(_ update: @escaping @MainActor @Sendable () -> Void) { deliveries.append(update) }
    /// Runs the updates delivered so far, as the event loop would.
    func runDeliveries() {
        let updates = deliveries
        deliveries = []
        for update in updates { update() }
    }
    /// Waits for `count` deliveries (the views' counts come from a task of their own).
    func waitForDeliveries(_ count: Int = 1) async {
        while deliveries.count < count { await Task.yield() }
    }
    /// Answers the questions asked so far with `y`.
    func answerYes() async {
        let actions = pending
        pending = []
        for action in actions { await action() }
    }
}

@MainActor
struct ReaderFeedsPresenterTests {
    let view = ReaderFeedsViewSpy()
    let router = ReaderFeedsWireframeSpy()

    static func feeds() -> [Feed] {
        var kernel = Fixtures.feed(1, title: "Kernel", unread: 0)
        kernel.tags = ["linux"]
        var planet = Fixtures.feed(2, title: "Planet", lastError: "HTTP 500")
        planet.tags = ["linux", "News"]
        planet.consecutiveFailures = 2
        let plain = Fixtures.feed(3, title: "Plain")
        return [kernel, planet, plain]
    }

    func presenter(_ interactor: ReaderFeedsUseCaseStub) -> ReaderFeedsPresenter {
        ReaderFeedsPresenter(view: view, interactor: interactor, router: router, clock: FixedClock(now: Fixtures.now))
    }

    @Test func listsAllUnreadAndStarredFirstThenTheFeeds() async {
        let presenter = presenter(ReaderFeedsUseCaseStub(feeds: Self.feeds()))
        await presenter.screenWillAppear()
        let entries = view.last?.entries ?? []
        #expect(entries.map(\.title) == ["All unread", "Starred", "Kernel", "Planet", "Plain"])
        #expect(entries[0].unread == 7)
        #expect(entries[1].total == 2)
        #expect(entries[3].health == .failing)
        #expect(entries[3].tags == ["linux", "News"])
        #expect(view.last?.title == "Feeds (7 unread items)")
        #expect(view.last?.position == "1/5")
    }

    @Test func savedViewsComeUnderStarredWithTheirCountsAndOpenAndMarkLikeFeeds() async {
        let interactor = ReaderFeedsUseCaseStub(feeds: Self.feeds())
        interactor.views = [
            SavedView(name: "Rust news", query: "rust", origin: .config, counts: .init(unread: 4, total: 9)),
            SavedView(name: "Broken", query: "x", origin: .stored),
        ]
        let presenter = presenter(interactor)
        await presenter.screenWillAppear()
        var entries = view.last?.entries ?? []
        #expect(entries.map(\.title) == ["All unread", "Starred", "Rust news", "Broken", "Kernel", "Planet", "Plain"])
        #expect(entries[2].kind == .view("Rust news"))
        #expect(entries[2].total == nil, "the rows come first, the views' counts after them")
        // The counts come into the event loop, which then draws the screens again.
        await router.waitForDeliveries()
        router.runDeliveries()
        presenter.redraw()
        #expect(interactor.viewsAsked == [false, true])
        entries = view.last?.entries ?? []
        #expect((entries[2].unread, entries[2].total) == (4, 9))
        #expect((entries[3].unread, entries[3].total) == (0, nil), "a view the daemon could not count shows no total")
        for _ in 0..<2 { _ = await presenter.handle(.down, action: .down) }
        _ = await presenter.handle(.enter, action: .open)
        #expect(router.sources == [.view("Rust news")])
        _ = await presenter.handle(.character("A"), action: .markFeedRead)
        #expect(interactor.viewsMarkedRead == ["Rust news"])
        #expect(interactor.markedRead.isEmpty, "no feed is marked for a view")
        #expect(router.messages.last?.0 == "4 items marked read")
        #expect(view.last?.entries[2].total == 9, "until the new counts come, the view shows those it had")
        await router.waitForDeliveries()
        router.runDeliveries()
        presenter.redraw()
        #expect(view.last?.entries[2].unread == 0, "the counts are read again")
        #expect(presenter.listings(beside: .view("Rust news"), forward: true, unreadOnly: false) == [.view("Broken")])
        #expect(presenter.listings(beside: .view("Broken"), forward: false, unreadOnly: false) == [.view("Rust news")])
    }

    @Test func reloadsWhileViewsAreCountedAskOneMoreRoundNotOneEach() async {
        let interactor = ReaderFeedsUseCaseStub(feeds: Self.feeds())
        interactor.views = [SavedView(name: "Rust news", query: "rust", origin: .config, counts: .init(unread: 4, total: 9))]
        let presenter = presenter(interactor)
        await presenter.screenWillAppear()
        await presenter.dataDidChange()
        await presenter.dataDidChange()
        await router.waitForDeliveries()
        #expect(interactor.viewsAsked.filter { $0 } == [true], "one round at a time")
        interactor.views[0].counts = .init(unread: 1, total: 9)
        router.runDeliveries()
        presenter.redraw()
        #expect(view.last?.entries[2].total == nil, "the stale round is not shown")
        await router.waitForDeliveries()
        router.runDeliveries()
        presenter.redraw()
        #expect(interactor.viewsAsked.filter { $0 } == [true, true], "one more round for the reloads meanwhile")
        #expect(view.last?.entries[2].unread == 1)
    }

    @Test func groupsByTagWithUntaggedLast() async {
        let presenter = presenter(ReaderFeedsUseCaseStub(feeds: Self.feeds()))
        await presenter.screenWillAppear()
        _ = await presenter.handle(.character("t"), action: .toggleTags)
        let entries = view.last?.entries ?? []
        #expect(entries.map(\.title) == ["All unread", "Starred", "linux", "Kernel", "Planet", "News", "Planet", "(untagged)", "Plain"])
        #expect(entries[2].kind == .tag("linux"))
        #expect(entries[2].unread == 3)
    }

    @Test func enterOpensWhatIsUnderTheCursor() async {
        let presenter = presenter(ReaderFeedsUseCaseStub(feeds: Self.feeds()))
        await presenter.screenWillAppear()
        _ = await presenter.handle(.enter, action: .open)
        _ = await presenter.handle(.down, action: .down)
        _ = await presenter.handle(.enter, action: .open)
        _ = await presenter.handle(.down, action: .down)
        _ = await presenter.handle(.enter, action: .open)
        #expect(router.sources == [.allUnread, .starred, .feed(number: 1, title: "Kernel")])
    }

    @Test func theCursorStaysOnItsFeedWhenTheListChanges() async {
        let interactor = ReaderFeedsUseCaseStub(feeds: Self.feeds())
        let presenter = presenter(interactor)
        await presenter.screenWillAppear()
        for _ in 0..<4 { _ = await presenter.handle(.down, action: .down) }
        #expect(view.last?.position == "5/5")
        interactor.feeds.insert(Fixtures.feed(9, title: "New"), at: 0)
        await presenter.dataDidChange()
        #expect(view.last?.position == "6/6")
        #expect(view.last.map { $0.entries[$0.cursor.selected].title } == "Plain")
    }

    @Test func nextUnreadSkipsFeedsWithNothingUnread() async {
        let presenter = presenter(ReaderFeedsUseCaseStub(feeds: Self.feeds()))
        await presenter.screenWillAppear()
        _ = await presenter.handle(.character("n"), action: .nextUnread)
        #expect(view.last.map { $0.entries[$0.cursor.selected].title } == "Planet")
    }

    @Test func theListingsBesideAFeedAreTheNextRowsFeedsEachOnce() async {
        let presenter = presenter(ReaderFeedsUseCaseStub(feeds: Self.feeds()))
        await presenter.screenWillAppear()
        let kernel = ItemSource.feed(number: 1, title: "Kernel")
        let planet = ItemSource.feed(number: 2, title: "Planet")
        let plain = ItemSource.feed(number: 3, title: "Plain")
        #expect(presenter.listings(beside: kernel, forward: true, unreadOnly: false) == [planet, plain])
        #expect(presenter.listings(beside: plain, forward: false, unreadOnly: true) == [planet])
        #expect(presenter.listings(beside: kernel, forward: false, unreadOnly: false) == [])
        #expect(presenter.listings(beside: .starred, forward: true, unreadOnly: false) == [])
        presenter.didShow(planet, forward: true)
        presenter.redraw()
        #expect(view.last.map { $0.entries[$0.cursor.selected].title } == "Planet")
        // Grouped by tag (linux: Kernel, Planet; News: Planet; untagged: Plain), from the row
        // the cursor is on: Planet comes once.
        _ = await presenter.handle(.character("t"), action: .toggleTags)
        #expect(presenter.listings(beside: kernel, forward: true, unreadOnly: false) == [planet, plain])
        #expect(presenter.listings(beside: .tag("linux"), forward: true, unreadOnly: false) == [.tag("News")])
        presenter.didShow(plain, forward: true)
        presenter.redraw()
        #expect(view.last.map { $0.entries[$0.cursor.selected].title } == "Plain")
    }

    @Test func theSettingCanHideFeedsWithNothingUnreadFromTheStart() async {
        let presenter = ReaderFeedsPresenter(
            view: view, interactor: ReaderFeedsUseCaseStub(feeds: Self.feeds()), router: router, clock: FixedClock(now: Fixtures.now),
            showsReadFeeds: false)
        await presenter.screenWillAppear()
        #expect(view.last?.entries.map(\.title) == ["All unread", "Starred", "Planet", "Plain"])
        _ = await presenter.handle(.character("l"), action: .toggleShowRead)
        #expect(view.last?.entries.map(\.title) == ["All unread", "Starred", "Kernel", "Planet", "Plain"])
    }

    @Test func aFeedHiddenForBeingReadStillHasItsNeighboursInSubscriptionOrder() async {
        let presenter = ReaderFeedsPresenter(
            view: view, interactor: ReaderFeedsUseCaseStub(feeds: Self.feeds()), router: router, clock: FixedClock(now: Fixtures.now),
            showsReadFeeds: false)
        await presenter.screenWillAppear()
        let kernel = ItemSource.feed(number: 1, title: "Kernel")
        #expect(presenter.listings(beside: kernel, forward: true, unreadOnly: true) == [
            .feed(number: 2, title: "Planet"), .feed(number: 3, title: "Plain"),
        ])
        #expect(presenter.listings(beside: kernel, forward: false, unreadOnly: true) == [])
    }

    @Test func onAFailingFeedsRowTheStatusLineSaysWhatIsWrong() async {
        let presenter = presenter(ReaderFeedsUseCaseStub(feeds: Self.feeds()))
        await presenter.screenWillAppear()
        #expect(router.messages.isEmpty)
        for _ in 0..<3 { _ = await presenter.handle(.down, action: .down) }
        #expect(view.last.map { $0.entries[$0.cursor.selected].title } == "Planet")
        #expect(router.messages.last?.0.hasPrefix("error: HTTP 500 (2 failures in a row)") == true, "\(router.messages)")
        #expect(router.messages.last?.1 == true)
        let count = router.messages.count
        _ = await presenter.handle(.down, action: .down)
        #expect(router.messages.count == count, "a healthy feed's row says nothing")
    }

    @Test func markFeedReadAndReloadActOnTheFeedUnderTheCursor() async {
        let interactor = ReaderFeedsUseCaseStub(feeds: Self.feeds())
        let presenter = presenter(interactor)
        await presenter.screenWillAppear()
        _ = await presenter.handle(.character("A"), action: .markFeedRead)
        await router.answerYes()
        for _ in 0..<3 { _ = await presenter.handle(.down, action: .down) }
        _ = await presenter.handle(.character("A"), action: .markFeedRead)
        _ = await presenter.handle(.character("r"), action: .reload)
        _ = await presenter.handle(.character("C"), action: .markAllRead)
        await router.answerYes()
        #expect(interactor.markedRead == [nil, 2, nil])
        #expect(router.questions == ["Mark every item of every feed read?", "Mark every item of every feed read?"])
        #expect(router.refreshed == [[2]])
        #expect(router.messages.last?.0 == "3 items marked read")
    }

    @Test func hidingReadFeedsKeepsTheListingsOnTop() async {
        let presenter = presenter(ReaderFeedsUseCaseStub(feeds: Self.feeds()))
        await presenter.screenWillAppear()
        _ = await presenter.handle(.character("l"), action: .toggleShowRead)
        #expect(view.last?.entries.map(\.title) == ["All unread", "Starred", "Planet", "Plain"])
    }

    @Test func aDaemonFailureGoesToTheStatusLine() async {
        let interactor = ReaderFeedsUseCaseStub(feeds: [])
        interactor.failure = DaemonRefusal(RPCError(code: -32603, message: "database is locked"))
        let presenter = presenter(interactor)
        await presenter.screenWillAppear()
        #expect(router.messages.last?.1 == true)
        #expect(router.messages.last?.0 == "cannot list the feeds: database is locked")
    }
}

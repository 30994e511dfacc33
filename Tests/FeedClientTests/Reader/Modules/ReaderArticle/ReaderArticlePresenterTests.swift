import ChildProcess
import FeedEntities
import Testing
@testable import FeedClient

@MainActor
final class ReaderArticleViewSpy: ReaderArticleView {
    var textRows = 5
    var textColumns = 60
    private(set) var shown: [ReaderArticleModel] = []
    var last: ReaderArticleModel? { shown.last }
    func show(_ model: ReaderArticleModel) { shown.append(model) }
}

@MainActor
final class ReaderArticleUseCaseStub: ReaderArticleUseCase {
    var items: [Int64: Item] = [:]
    private(set) var requests: [(Int64, Int)] = []
    private(set) var readChanges: [(Int64, Bool)] = []
    private(set) var starChanges: [(Int64, Bool)] = []

    /// The articles of the items' pages (`fullArticle`), by number: what the page gave.
    var articles: [Int64: ItemArticle] = [:]
    private(set) var texts: [ItemText?] = []
    private(set) var fullRequests: [Int64] = []

    func article(_ number: Int64, width: Int, text: ItemText?) async throws -> ReaderArticleContent {
        requests.append((number, width))
        texts.append(text)
        return try content(number, width: width, text: text)
    }

    func fullArticle(_ number: Int64, width: Int) async throws -> ReaderArticleContent {
        fullRequests.append(number)
        return try content(number, width: width, text: .article)
    }

    /// Contents given as they are, by number, before the made-up ones.
    var prepared: [Int64: ReaderArticleContent] = [:]
    /// The pictures the daemon draws, by URL; another URL fails.
    var pictures: [String: TerminalPicture] = [:]
    private(set) var pictureRequests: [(url: String, columns: Int, rows: Int)] = []
    func picture(url: String, item: Int64, graphics: TerminalGraphics, columns: Int, rows: Int) async throws -> TerminalPicture {
        pictureRequests.append((url, columns, rows))
        return pictures[url] ?? .failed(graphics.kind, "HTTP 404")
    }
    private(set) var imageFileRequests: [String] = []
    func imageFile(url: String, item: Int64) async throws -> String {
        imageFileRequests.append(url)
        guard pictures[url] != nil else { throw ImageFileError(reason: "HTTP 404") }
        return "/cache/view/" + (url.split(separator: "/").last.map(String.init) ?? "")
    }

    private func content(_ number: Int64, width: Int, text: ItemText?) throws -> ReaderArticleContent {
        if let prepared = prepared[number] { return prepared }
        guard let item = items[number] else { throw RPCErrorStub.notFound }
        let article = articles[number]
        let shown: ItemText = text != .feed && article?.hasText == true ? .article : .feed
        let words = shown == .article ? "Whole line" : "Line"
        let body = (1...12).map { "\(words) \($0) of \(number) at \(width)" }.joined(separator: "\n")
        return ReaderArticleContent(
            item: item, text: body + "[1]", links: ["https://ref.example/\(number)"], article: article, shown: shown)
    }
    func setRead(_ number: Int64, read: Bool) async throws { readChanges.append((number, read)) }
    func setStarred(_ number: Int64, starred: Bool) async throws { starChanges.append((number, starred)) }
    func openTarget(of item: Item, enclosure: Bool) throws(OpenTargetError) -> String { try OpenTarget.of(item, enclosure: enclosure) }
    func openable(_ link: String) throws(OpenTargetError) -> String { try OpenTarget.openable(link) }
    /// The files saved, by path; a path here already is `.exists` unless replaced.
    private(set) var saved: [String: String] = [:]
    func save(_ text: String, to path: String, replacing: Bool) throws(ArticleSaveError) -> String {
        if saved[path] != nil, !replacing { throw .exists(path: path) }
        saved[path] = text
        return path
    }
}

enum RPCErrorStub: Error { case notFound }

@MainActor
final class ReaderArticleWireframeSpy: ReaderArticleWireframe {
    private(set) var linkLists: [[ReaderLink]] = []
    private(set) var opened: [String] = []
    private(set) var messages: [String] = []
    private(set) var closed = 0
    func close() async { closed += 1 }
    func showLinks(_ links: [ReaderLink]) async { linkLists.append(links) }
    func openInBrowser(_ link: String) async throws { opened.append(link) }
    func say(_ message: String, isError: Bool) { messages.append(message) }
    private(set) var openedImages: [String] = []
    func openImage(_ path: String) async throws(CommandLaunchError) { openedImages.append(path) }
    /// The updates delivered and not yet run (`runDeliveries`).
    private(set) var deliveries: [@MainActor @Sendable () -> Void] = []
    func deliver(_ update: @escaping @MainActor @Sendable () -> Void) { deliveries.append(update) }
    /// Runs what was delivered, as the shell's loop does, until `count` have come (the
    /// presenter's task asks for them one by one), each followed by `redraw`.
    func runDeliveries(count: Int, redraw: () -> Void) async {
        var ran = 0
        while ran < count {
            // The presenter's task is on the main actor too: each yield lets it go on.
            var waited = 0
            while deliveries.isEmpty, waited < 10_000 {
                await Task.yield()
                waited += 1
            }
            guard !deliveries.isEmpty else {
                Issue.record("\(ran) of \(count) updates delivered")
                return
            }
            let update = deliveries.removeFirst()
            update()
            redraw()
            ran += 1
        }
    }
    private(set) var refreshed: [[Int64]] = []
    func refresh(feeds: [Int64]) { refreshed.append(feeds) }
    private(set) var confirmations: [String] = []
    private var pendingConfirmations: [@MainActor () async -> Void] = []
    func confirm(_ question: String, then action: @escaping @MainActor () async -> Void) {
        confirmations.append(question)
        pendingConfirmations.append(action)
    }
    /// Answers the questions asked so far with `y`.
    func answerYes() async {
        let actions = pendingConfirmations
        pendingConfirmations = []
        for action in actions { await action() }
    }
    private(set) var piped: [(text: String, command: [String])] = []
    var pipeStatus: WaitStatus = .exited(0)
    func pipe(_ text: String, to command: [String]) async throws(CommandLaunchError) -> WaitStatus {
        piped.append((text, command))
        return pipeStatus
    }
    private(set) var ranAside: [[String]] = []
    var asideResult: (status: WaitStatus, output: String) = (.exited(0), "")
    func runAside(_ command: [String]) async throws(CommandLaunchError) -> (status: WaitStatus, output: String) {
        ranAside.append(command)
        return asideResult
    }
    /// The answers the next questions get, in order; a question with none left is not answered.
    var answers: [String] = []
    private(set) var questions: [String] = []
    private(set) var initials: [String] = []
    func ask(_ question: String, initial: String, then answer: @escaping @MainActor (String) async -> Void) async {
        questions.append(question)
        initials.append(initial)
        guard !answers.isEmpty else { return }
        await answer(answers.removeFirst())
    }
}

@MainActor
final class ReaderArticleListStub: ReaderArticleList {
    var next: Int64?
    private(set) var shown: [Int64] = []
    private(set) var states: [(read: Bool, starred: Bool)] = []
    func unreadNeighbour(of number: Int64, forward: Bool) async -> Int64? { next }
    var hasListing = true
    private(set) var listingMoves: [(forward: Bool, unreadOnly: Bool)] = []
    func moveToListing(forward: Bool, unreadOnly: Bool) async -> Bool {
        listingMoves.append((forward, unreadOnly))
        return hasListing
    }
    func articleDidShow(_ item: Item) {
        if shown.last != item.id { shown.append(item.id) }
        states.append((item.isRead, item.isStarred))
    }
}

@MainActor
struct ReaderArticlePresenterTests {
    let view = ReaderArticleViewSpy()
    let interactor = ReaderArticleUseCaseStub()
    let router = ReaderArticleWireframeSpy()
    let list = ReaderArticleListStub()

    init() {
        var item = Fixtures.item(5, title: "Tiling", author: "Ada")
        item.enclosures = [Enclosure(url: "https://cdn.example/a.mp3", type: "audio/mpeg", length: 1_000_000)]
        interactor.items[5] = item
        interactor.items[9] = Fixtures.item(9, title: "Next one")
    }

    func presenter() -> ReaderArticlePresenter {
        ReaderArticlePresenter(
            number: 5, view: view, interactor: interactor, router: router, list: list,
            mapper: ItemDetailMapper(clock: FixedClock(now: Fixtures.now)))
    }

    @Test func showsTheHeaderAndTextAtTheWindowsWidthAndMarksRead() async {
        let presenter = presenter()
        await presenter.screenWillAppear()
        #expect(interactor.requests.map(\.1) == [60])
        #expect(interactor.readChanges.map(\.0) == [5])
        #expect(list.shown == [5])
        let lines = presenter.lines
        #expect(lines.prefix(3).map(\.text) == ["Planet Terminal", "Tiling", "Ada"])
        #expect(lines.contains(ArticleLayout.Line(.header(label: "Enclosure:"), "https://cdn.example/a.mp3 (audio/mpeg, 1.0 MB)")))
        #expect(lines.last == ArticleLayout.Line(.link(reference: "[1]"), "https://ref.example/5"))
        #expect(view.last?.lines.count == 5)
    }

    @Test func scrollsByLinesAndPagesWithinTheText() async {
        let presenter = presenter()
        await presenter.screenWillAppear()
        _ = await presenter.handle(.character(" "), action: .pageDown)
        #expect(presenter.top == 4)
        _ = await presenter.handle(.character("G"), action: .end)
        #expect(presenter.top == presenter.lines.count - 5)
        #expect(view.last?.position == "end")
        _ = await presenter.handle(.down, action: .down)
        #expect(presenter.top == presenter.lines.count - 5)
        _ = await presenter.handle(.character("g"), action: .home)
        #expect(presenter.top == 0)
    }

    @Test func nextUnreadLoadsTheListingsNextItem() async {
        let presenter = presenter()
        await presenter.screenWillAppear()
        list.next = 9
        _ = await presenter.handle(.character("n"), action: .nextUnread)
        #expect(presenter.number == 9)
        #expect(list.shown == [5, 9])
        #expect(interactor.readChanges.map(\.0) == [5, 9])
        list.next = nil
        _ = await presenter.handle(.character("n"), action: .nextUnread)
        #expect(router.messages.last == "No unread items")
    }

    @Test func nextFeedShowsTheNextFeedsListingInsteadOfTheArticle() async {
        let presenter = presenter()
        await presenter.screenWillAppear()
        _ = await presenter.handle(.character("J"), action: .nextFeed)
        _ = await presenter.handle(.control("p"), action: .previousUnreadFeed)
        #expect(list.listingMoves.map(\.forward) == [true, false])
        #expect(list.listingMoves.map(\.unreadOnly) == [false, true])
        #expect(router.closed == 2)
        list.hasListing = false
        _ = await presenter.handle(.character("K"), action: .previousFeed)
        #expect(router.closed == 2)
    }

    @Test func aResizeRendersTheTextAgainAtTheNewWidth() async {
        let presenter = presenter()
        await presenter.screenWillAppear()
        view.textColumns = 39
        await presenter.sizeDidChange()
        #expect(interactor.requests.map(\.1) == [60, 39])
        #expect(interactor.readChanges.count == 1)
    }

    @Test func theLinkListOffersLinkEnclosureAndReferences() async {
        let presenter = presenter()
        await presenter.screenWillAppear()
        _ = await presenter.handle(.character("u"), action: .showLinks)
        #expect(router.linkLists.first?.map(\.label) == ["Link", "Enclosure", "[1]"])
        _ = await presenter.handle(.character("e"), action: .openEnclosure)
        #expect(router.opened == ["https://cdn.example/a.mp3"])
        _ = await presenter.handle(.character("r"), action: .reload)
        #expect(router.refreshed == [[1]])
    }

    @Test func theListingHearsOfEveryChangeOfState() async {
        let presenter = presenter()
        await presenter.screenWillAppear()
        _ = await presenter.handle(.character("*"), action: .toggleStar)
        _ = await presenter.handle(.character("N"), action: .toggleRead)
        #expect(list.states.map(\.read) == [true, true, false])
        #expect(list.states.map(\.starred) == [false, true, true])
    }
}

import FeedEntities
import Testing
@testable import FeedClient

/// The article screen's pictures: asked for once the text is shown, given their rows below the
/// line naming them as they come, placed where those rows are on screen (cut at the window's
/// top for kitty, a line standing in for a sixel not all on screen), left out for an earlier
/// article, and opened in the image viewer with `v`.
@MainActor
struct ReaderArticlePresenterPicturesTests {
    let view = ReaderArticleViewSpy()
    let interactor = ReaderArticleUseCaseStub()
    let router = ReaderArticleWireframeSpy()
    let list = ReaderArticleListStub()
    static let chart = "https://img.example/chart.png"
    static let photo = "https://img.example/photo.jpg"

    init() {
        view.textRows = 20
        let item = Fixtures.item(5, title: "Charts")
        interactor.items[5] = item
        interactor.items[9] = Fixtures.item(9, title: "Next one")
        interactor.prepared[5] = ReaderArticleContent(
            item: item,
            text: (["Intro", "[image: chart][1]", "After the chart"] + (1...30).map { "Line \($0)" } + ["[image: photo][2]", "The end"])
                .joined(separator: "\n"),
            links: [Self.chart, Self.photo], images: [1, 2])
    }

    func presenter(_ kind: TerminalGraphics.Kind? = .kitty) -> ReaderArticlePresenter {
        ReaderArticlePresenter(
            number: 5, view: view, interactor: interactor, router: router, list: list,
            mapper: ItemDetailMapper(clock: FixedClock(now: Fixtures.now)),
            graphics: { kind.map { TerminalGraphics(kind: $0, cellWidth: 10, cellHeight: 20) } })
    }

    func picture(_ kind: TerminalGraphics.Kind, rows: Int, data: String) -> TerminalPicture {
        TerminalPicture(kind: kind, columns: 30, rows: rows, data: data, pixelWidth: 300, pixelHeight: rows * 20, cellHeight: 20)
    }

    /// The index of the line with `text` among the presenter's rows.
    func row(of text: String, in presenter: ReaderArticlePresenter) -> Int? {
        presenter.lines.firstIndex { $0.text == text }
    }

    @Test func aPictureTakesItsRowsBelowItsLineAndIsPlacedThere() async throws {
        interactor.pictures[Self.chart] = picture(.kitty, rows: 3, data: "QUJD")
        interactor.pictures[Self.photo] = picture(.kitty, rows: 2, data: "REVG")
        let presenter = presenter()
        await presenter.screenWillAppear()
        // The first frame is the text alone.
        #expect(view.last?.pictures == [])
        await router.runDeliveries(count: 2) { presenter.redraw() }
        #expect(interactor.pictureRequests.map(\.url) == [Self.chart, Self.photo])
        #expect(interactor.pictureRequests.allSatisfy { $0.columns == 60 && $0.rows == 13 }, "\(interactor.pictureRequests)")
        let line = try #require(row(of: "[image: chart][1]", in: presenter))
        #expect(presenter.lines[(line + 1)...(line + 3)].map(\.kind) == (0..<3).map { .picture(number: 1, row: $0) })
        #expect(presenter.lines[line + 4].text == "After the chart")
        let placed = try #require(view.last?.pictures.first)
        #expect(view.last?.pictures.count == 1)
        #expect(placed.row == line + 1 && placed.firstRow == 0 && placed.rows == 3 && placed.isWhole)
        #expect(placed.id == ArticlePictures.id(of: "QUJD"))
    }

    @Test func scrolledPartlyAwayKittyIsCutAndSixelStandsInAsALine() async throws {
        for kind in [TerminalGraphics.Kind.kitty, .sixel] {
            let interactor = ReaderArticleUseCaseStub()
            interactor.items = self.interactor.items
            interactor.prepared = self.interactor.prepared
            interactor.pictures[Self.chart] = picture(kind, rows: 3, data: "QUJD")
            let router = ReaderArticleWireframeSpy()
            let presenter = ReaderArticlePresenter(
                number: 5, view: view, interactor: interactor, router: router, list: list,
                mapper: ItemDetailMapper(clock: FixedClock(now: Fixtures.now)),
                graphics: { TerminalGraphics(kind: kind, cellWidth: 10, cellHeight: 20) })
            await presenter.screenWillAppear()
            await router.runDeliveries(count: 2) { presenter.redraw() }
            let line = try #require(row(of: "[image: chart][1]", in: presenter))
            // The window's top on the picture's second row.
            presenter.top = line + 2
            presenter.redraw()
            let shown = try #require(view.last)
            switch kind {
            case .kitty:
                #expect(shown.pictures.map(\.firstRow) == [1] && shown.pictures.map(\.rows) == [2] && shown.pictures.map(\.row) == [0])
                #expect(shown.lines[0].text.isEmpty)
            case .sixel:
                #expect(shown.pictures.isEmpty)
                #expect(shown.lines[0].text == "[image 1: drawn once it is all on screen]")
            }
            // The photo failed: a line says why, where it would have been.
            #expect(presenter.lines.contains { $0.text == "[image 2 not drawn: HTTP 404]" })
        }
    }

    @Test func withoutGraphicsNothingIsAskedAndTheTextFormStays() async throws {
        let presenter = presenter(nil)
        await presenter.screenWillAppear()
        #expect(interactor.pictureRequests.isEmpty)
        #expect(presenter.lines.allSatisfy { if case .picture = $0.kind { false } else { true } })
        #expect(presenter.lines.contains { $0.text == "[image: chart][1]" })
        #expect(router.deliveries.isEmpty)
    }

    @Test func rowsAddedAboveTheWindowKeepItsTopLineInPlace() async throws {
        interactor.pictures[Self.chart] = picture(.kitty, rows: 3, data: "QUJD")
        let presenter = presenter()
        await presenter.screenWillAppear()
        let topLine = try #require(row(of: "Line 10", in: presenter))
        presenter.top = topLine
        await router.runDeliveries(count: 2) { presenter.redraw() }
        #expect(presenter.lines[presenter.top].text == "Line 10")
        #expect(view.last?.lines.first?.text == "Line 10")
    }

    @Test func aPictureForTheArticleShownBeforeIsDropped() async throws {
        interactor.pictures[Self.chart] = picture(.kitty, rows: 3, data: "QUJD")
        let presenter = presenter()
        await presenter.screenWillAppear()
        list.next = 9
        _ = await presenter.handle(.character("n"), action: .nextUnread)
        #expect(presenter.number == 9)
        // Whatever the task had in flight for item 5 comes to nothing.
        for update in router.deliveries { update() }
        #expect(presenter.pictures.isEmpty)
        #expect(presenter.lines.allSatisfy { if case .picture = $0.kind { false } else { true } })
    }

    @Test func vOpensThePictureOnScreenOrAsksWhichOfSeveral() async throws {
        interactor.pictures[Self.chart] = picture(.kitty, rows: 3, data: "QUJD")
        interactor.pictures[Self.photo] = picture(.kitty, rows: 2, data: "REVG")
        // Without graphics too: the `[image]` lines name the pictures.
        let presenter = presenter(nil)
        await presenter.screenWillAppear()
        #expect(await presenter.handle(.character("v"), action: .viewImage))
        #expect(interactor.imageFileRequests == [Self.chart])
        #expect(router.openedImages == ["/cache/view/chart.png"])

        presenter.top = try #require(row(of: "Line 25", in: presenter))
        _ = await presenter.handle(.character("v"), action: .viewImage)
        #expect(router.questions.isEmpty)
        #expect(router.openedImages == ["/cache/view/chart.png", "/cache/view/photo.jpg"])
        presenter.top = try #require(row(of: "Line 5", in: presenter))
        _ = await presenter.handle(.character("v"), action: .viewImage)
        #expect(router.messages.last == "No picture on screen")
    }

    @Test func severalPicturesOnScreenAreAskedFor() async throws {
        interactor.prepared[5]?.text = "[image: chart][1] and [image: photo][2]"
        interactor.pictures[Self.photo] = picture(.kitty, rows: 2, data: "REVG")
        let presenter = presenter(nil)
        await presenter.screenWillAppear()
        router.answers = ["2"]
        _ = await presenter.handle(.character("v"), action: .viewImage)
        #expect(router.questions == ["Open picture (1, 2): "])
        #expect(router.initials == ["1"])
        #expect(router.openedImages == ["/cache/view/photo.jpg"])
        router.answers = ["7"]
        _ = await presenter.handle(.character("v"), action: .viewImage)
        #expect(router.messages.last == "Not a picture of this article: 7")
    }
}

import FeedEntities
import Testing
@testable import FeedClient

/// `tidings show` on a terminal that draws pictures: each of the article's images asked of the
/// daemon at the text's width, drawn below the line that holds its number, without the pager;
/// one the daemon could not draw as a line saying why.
struct ShowItemPicturesTests {
    static let rendered = RenderedContent(
        text: "Before the chart.\n[image: a chart][1]\nAfter it, [image: gone][2] and a link[3].",
        links: ["https://img.example/chart.png", "https://img.example/gone.png", "https://a.example/"], images: [1, 2])

    @Test func eachImageIsAskedForAndDrawnBelowItsLine() async throws {
        let interactor = ShowItemUseCaseStub(.success(ItemToShow(item: Fixtures.item(12), rendered: Self.rendered)))
        interactor.pictures["https://img.example/chart.png"] = TerminalPicture(kind: .sixel, columns: 30, rows: 4, data: "#0~~")
        let view = ShowItemViewSpy()
        let graphics = TerminalGraphics(kind: .sixel, cellWidth: 10, cellHeight: 20)
        let presenter = ShowItemPresenter(
            request: ShowItemRequest(number: 12, width: 72, graphics: graphics, pictureRows: 12), view: view,
            interactor: interactor, clock: FixedClock(now: Fixtures.now))
        #expect(await presenter.viewDidLoad() == .success)
        #expect(interactor.pictureRequests.map(\.url) == ["https://img.example/chart.png", "https://img.example/gone.png"])
        #expect(interactor.pictureRequests.allSatisfy { $0.columns == 72 && $0.rows == 12 }, "the link [3] is no picture")
        let detail = try #require(view.shown.first)
        #expect(detail.pictures[1]?.failure == nil && detail.pictures[2]?.failure == "not served")

        let terminal = TerminalSpy(isTTY: true, width: 72)
        TerminalShowItemView(terminal: terminal, format: .table).showItem(detail)
        #expect(terminal.paged.isEmpty, "no pager passes pictures on")
        let lines = terminal.out.components(separatedBy: "\n")
        let chart = try #require(lines.firstIndex { $0.contains("[image: a chart][1]") })
        #expect(lines[chart + 1].isEmpty && lines[chart + 5].hasPrefix("\u{1B}[4A\u{1B}7\u{1B}P0;1;0q#0~~\u{1B}\\\u{1B}8\u{1B}[4B\r"))
        #expect(terminal.out.components(separatedBy: "\u{1B}P0;1;0q").count == 2, "drawn once")
        let after = try #require(lines.firstIndex { $0.contains("[image: gone][2]") })
        #expect(lines[after + 1] == "[image 2 not drawn: not served]")
    }

    @Test func withoutGraphicsNothingIsAskedForAndTheTextIsPagedAsBefore() async {
        let interactor = ShowItemUseCaseStub(.success(ItemToShow(item: Fixtures.item(12), rendered: Self.rendered)))
        let view = ShowItemViewSpy()
        let presenter = ShowItemPresenter(
            request: ShowItemRequest(number: 12, width: 72), view: view, interactor: interactor, clock: FixedClock(now: Fixtures.now))
        _ = await presenter.viewDidLoad()
        #expect(interactor.pictureRequests.isEmpty)
        #expect(view.shown.first?.pictures.isEmpty == true)
    }
}

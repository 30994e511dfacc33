import Testing
@testable import FeedClient
import FeedEntities

@MainActor
final class ReaderLinksViewSpy: ReaderLinksView {
    var listRows = 5
    private(set) var cursors: [ListCursor] = []
    func show(_ links: [ReaderLink], cursor: ListCursor) { cursors.append(cursor) }
}

@MainActor
final class ReaderLinksWireframeSpy: ReaderLinksWireframe {
    private(set) var opened: [String] = []
    private(set) var messages: [String] = []
    func openInBrowser(_ link: String) async throws { opened.append(link) }
    func say(_ message: String, isError: Bool) { messages.append(message) }
}

@MainActor
struct ReaderLinksPresenterTests {
    let view = ReaderLinksViewSpy()
    let router = ReaderLinksWireframeSpy()
    let links = [
        ReaderLink(label: "Link", url: "https://a.example/"),
        ReaderLink(label: "[1]", url: "mailto:x@a.example"),
        ReaderLink(label: "[2]", url: " https://b.example/ "),
    ]

    @Test func digitsJumpToAReferenceAndEnterOpensIt() async {
        let presenter = ReaderLinksPresenter(links: links, view: view, interactor: ReaderLinksInteractor(), router: router)
        await presenter.screenWillAppear()
        _ = await presenter.handle(.character("2"), action: nil)
        #expect(presenter.cursor.selected == 2)
        _ = await presenter.handle(.enter, action: .open)
        #expect(router.opened == ["https://b.example/"])
    }

    @Test func aLinkThatIsNotHTTPIsRefused() async {
        let presenter = ReaderLinksPresenter(links: links, view: view, interactor: ReaderLinksInteractor(), router: router)
        await presenter.screenWillAppear()
        _ = await presenter.handle(.down, action: .down)
        _ = await presenter.handle(.character("o"), action: .openInBrowser)
        #expect(router.opened.isEmpty)
        #expect(router.messages.first?.hasPrefix("refusing to open 'mailto:x@a.example'") == true)
    }

    @Test(arguments: [40, 80, 160])
    func theViewShowsLabelAndURLWithinTheWidth(columns: Int) {
        let screen = MemoryScreen(size: ScreenSize(rows: 6, columns: columns))
        ScreenReaderLinksView(screen: screen).show(links, cursor: ListCursor(selected: 1, top: 0))
        #expect(screen.text(row: 0).hasPrefix(" Links"))
        #expect(screen.text(row: 2).hasPrefix("[1]   mailto:x@a.example"))
        #expect(screen.style(row: 2, column: 0).contains(.reverse))
        for row in 0..<5 { #expect(DisplayWidth.of(screen.text(row: row)) <= columns) }
    }
}

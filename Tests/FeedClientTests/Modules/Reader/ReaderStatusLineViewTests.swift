import Testing
@testable import FeedClient

@MainActor
struct ReaderStatusLineViewTests {
    @Test(arguments: [40, 80, 160])
    func aMessageWinsOverProgressAndHints(columns: Int) {
        let screen = MemoryScreen(size: ScreenSize(rows: 3, columns: columns))
        let view = ReaderStatusLineView(screen: screen)
        view.show(ReaderStatusLine(progress: "Refreshing 3/9 feeds…", hints: "q:Quit ENTER:Open ?:Help"))
        #expect(screen.text(row: 2).hasPrefix("Refreshing 3/9 feeds…  q:Quit"))
        view.show(ReaderStatusLine(message: "cannot refresh: 喫茶\u{1B}[31m down", isError: true, hints: "q:Quit"))
        #expect(screen.text(row: 2).hasPrefix("cannot refresh: 喫茶"))
        #expect(!screen.text(row: 2).contains("\u{1B}"))
        #expect(screen.style(row: 2, column: 0).contains(.red))
        #expect(DisplayWidth.of(screen.text(row: 2)) <= columns)
    }
}

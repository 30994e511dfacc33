import Testing
@testable import FeedClient
import FeedEntities

@MainActor
struct ScreenReaderShellViewTests {
    @Test(arguments: [40, 80, 160])
    func aMessageWinsOverProgressAndHints(columns: Int) {
        let terminal = FullScreenTerminalFake(size: ScreenSize(rows: 3, columns: columns))
        let screen = terminal.grid
        let view = ScreenReaderShellView(terminal: terminal)
        view.present(status: ReaderStatusLine(progress: "Refreshing 3/9 feeds…", hints: "q:Quit ENTER:Open ?:Help"))
        #expect(screen.text(row: 2).hasPrefix("Refreshing 3/9 feeds…  q:Quit"))
        view.present(status: ReaderStatusLine(message: "cannot refresh: 喫茶\u{1B}[31m down", isError: true, hints: "q:Quit"))
        #expect(screen.text(row: 2).hasPrefix("cannot refresh: 喫茶"))
        #expect(!screen.text(row: 2).contains("\u{1B}"))
        #expect(screen.style(row: 2, column: 0).contains(.red))
        #expect(DisplayWidth.of(screen.text(row: 2)) <= columns)
    }
}

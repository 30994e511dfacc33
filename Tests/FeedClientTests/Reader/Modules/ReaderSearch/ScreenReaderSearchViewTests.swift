import Testing
@testable import FeedClient
import FeedEntities

@MainActor
struct ScreenReaderSearchViewTests {
    @Test(arguments: [40, 80, 160])
    func thePromptIsOnTheLastRowWithTheCursorAfterTheText(columns: Int) {
        let screen = MemoryScreen(size: ScreenSize(rows: 5, columns: columns))
        let view = ScreenReaderSearchView(screen: screen)
        view.show(prompt: "Search: ", text: "珈琲 espresso")
        #expect(screen.text(row: 4) == "Search: 珈琲 espresso")
        #expect(screen.cursor?.row == 4)
        #expect(screen.cursor?.column == 8 + 4 + 9)
    }

    @Test func aLongQueryShowsItsEnd() {
        let screen = MemoryScreen(size: ScreenSize(rows: 3, columns: 20))
        ScreenReaderSearchView(screen: screen).show(prompt: "Search: ", text: "a very long query that ends here")
        #expect(screen.text(row: 2).hasPrefix("Search: "))
        #expect(screen.text(row: 2).hasSuffix("ends here"))
        #expect(DisplayWidth.of(screen.text(row: 2)) <= 20)
    }
}

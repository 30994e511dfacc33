import Testing
@testable import FeedClient
import FeedEntities

@MainActor
final class ReaderHelpViewSpy: ReaderHelpView {
    var listRows = 5
    private(set) var tops: [Int] = []
    private(set) var rows: [ReaderHelpRow] = []
    func show(_ rows: [ReaderHelpRow], top: Int) {
        self.rows = rows
        tops.append(top)
    }
}

@MainActor
struct ReaderHelpPresenterTests {
    @Test func listsEveryActionWithItsKeysAndScrolls() async throws {
        let view = ReaderHelpViewSpy()
        let bindings = try KeyBindings(overrides: ["toggle-star": ["s"], "hard-quit": []])
        let presenter = ReaderHelpPresenter(view: view, interactor: ReaderHelpInteractor(bindings: bindings))
        await presenter.screenWillAppear()
        #expect(view.rows.count == ReaderAction.allCases.count)
        #expect(view.rows.first { $0.action == "toggle-star" }?.keys == "s")
        #expect(view.rows.first { $0.action == "hard-quit" }?.keys == "(unbound)")
        #expect(view.rows.first { $0.action == "down" }?.keys == "j, DOWN")
        _ = await presenter.handle(.pageDown, action: .pageDown)
        _ = await presenter.handle(.end, action: .end)
        #expect(view.tops == [0, 4, ReaderAction.allCases.count - 5])
        #expect(await presenter.handle(.character("q"), action: .quit) == false)
    }

    @Test(arguments: [40, 80, 160])
    func theViewLeavesTheSummaryOutBeforeSqueezingTheKeys(columns: Int) {
        let screen = MemoryScreen(size: ScreenSize(rows: 4, columns: columns))
        ScreenReaderHelpView(screen: screen).show([
            ReaderHelpRow(keys: "j, DOWN", action: "down", summary: "move down a row"),
        ], top: 0)
        #expect(screen.text(row: 1).hasPrefix("j, DOWN  "))
        #expect(screen.text(row: 1).contains("down") )
        #expect(DisplayWidth.of(screen.text(row: 1)) <= columns)
    }
}

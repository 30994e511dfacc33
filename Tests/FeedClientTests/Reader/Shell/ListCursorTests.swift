import Testing
@testable import FeedClient

struct ListCursorTests {
    @Test func movingKeepsTheSelectionOnScreen() {
        var cursor = ListCursor()
        cursor.move(by: 12, count: 100, visible: 10)
        #expect(cursor == ListCursor(selected: 12, top: 3))
        cursor.move(by: -5, count: 100, visible: 10)
        #expect(cursor == ListCursor(selected: 7, top: 3))
        cursor.move(by: -100, count: 100, visible: 10)
        #expect(cursor == ListCursor(selected: 0, top: 0))
    }

    @Test func pagingMovesTheWindowAndStopsAtTheEnds() {
        var cursor = ListCursor()
        cursor.page(1, count: 25, visible: 10)
        #expect(cursor == ListCursor(selected: 9, top: 9))
        cursor.page(1, count: 25, visible: 10)
        #expect(cursor == ListCursor(selected: 18, top: 15))
        cursor.page(1, count: 25, visible: 10)
        #expect(cursor == ListCursor(selected: 24, top: 15))
        cursor.page(-1, count: 25, visible: 10)
        #expect(cursor == ListCursor(selected: 15, top: 6))
    }

    @Test func aShrinkingListOrWindowClampsTheCursor() {
        var cursor = ListCursor(selected: 40, top: 35)
        cursor.scrollToSelection(count: 20, visible: 10)
        #expect(cursor == ListCursor(selected: 19, top: 10))
        cursor.scrollToSelection(count: 20, visible: 3)
        #expect(cursor == ListCursor(selected: 19, top: 17))
        cursor.scrollToSelection(count: 0, visible: 3)
        #expect(cursor == ListCursor(selected: 0, top: 0))
    }
}

import Testing
@testable import FeedClient
import FeedEntities

@MainActor
struct ScreenReaderItemsViewTests {
    static func row(_ number: Int64, title: String, feed: String = "Planet", isRead: Bool = false, starred: Bool = false) -> ItemRow {
        var row = ItemRow(
            number: number, isRead: isRead, isStarred: starred, title: title, displayTitle: title, link: nil,
            feedTitle: feed, feedNumber: 1, author: nil, localDate: "2026-11-22 11:00", shortDate: "11:00",
            date: "2026-11-22T11:00:00Z", published: nil)
        if number == 2 { row.alsoIn = ["Other"] }
        return row
    }

    static let model = ReaderItemsModel(
        title: "All unread", position: "2/3",
        rows: [
            row(1, title: "Tiling window managers, revisited"),
            row(2, title: "珈琲の淹れ方 ☕ とエスプレッソ", feed: "喫茶 Notes", starred: true),
            row(3, title: "Read one", isRead: true),
        ],
        selectedRow: 1, showsFeed: true, emptyText: "No unread items")

    @Test(arguments: [40, 79, 80, 160])
    func everyRowFitsTheWidthWithWideCharactersCountedTwice(columns: Int) {
        let screen = MemoryScreen(size: ScreenSize(rows: 8, columns: columns))
        ScreenReaderItemsView(screen: screen).show(Self.model)
        #expect(screen.text(row: 0).hasPrefix(" All unread"))
        #expect(screen.text(row: 0).hasSuffix("2/3"))
        for row in 0..<7 {
            #expect(DisplayWidth.of(screen.text(row: row)) <= columns, "row \(row): \(screen.text(row: row))")
        }
        // From 80 columns there is room for the whole date: the 5-column form would say only
        // the year of an old item.
        let date = columns >= 80 ? "2026-11-22 11:00" : "11:00"
        let titleColumn = 4 + date.count + 2
        #expect(screen.text(row: 1).hasPrefix("N   \(date)  Tiling"))
        #expect(screen.text(row: 2).hasPrefix("N*+ \(date)  珈琲"))
        #expect(screen.text(row: 3).hasPrefix("    \(date)  Read one"))
        #expect(screen.style(row: 2, column: 0).contains(.reverse))
        #expect(!screen.style(row: 1, column: 0).contains(.reverse))
        #expect(screen.style(row: 1, column: titleColumn).contains(.bold))
        #expect(!screen.style(row: 3, column: titleColumn).contains(.bold))
        #expect(screen.text(row: 2).contains("喫茶") == (columns >= 60))
    }

    @Test func aTitleWithControlCharactersIsSanitised() {
        let screen = MemoryScreen(size: ScreenSize(rows: 4, columns: 80))
        var model = Self.model
        model.rows = [Self.row(1, title: "Evil\u{1B}[2J\u{07}title")]
        ScreenReaderItemsView(screen: screen).show(model)
        #expect(!screen.text(row: 1).contains("\u{1B}"))
        #expect(screen.text(row: 1).contains("Evil"))
    }

    @Test func anEmptyListingSaysSoAndClearsOldRows() {
        let screen = MemoryScreen(size: ScreenSize(rows: 6, columns: 40))
        let view = ScreenReaderItemsView(screen: screen)
        view.show(Self.model)
        view.show(ReaderItemsModel(title: "Starred", position: "", rows: [], selectedRow: nil, showsFeed: true, emptyText: "No starred items"))
        #expect(screen.text(row: 1).hasPrefix(" No starred items"))
        #expect(screen.text(row: 2).allSatisfy { $0 == " " })
    }

    @Test(arguments: [40, 80])
    func itemNumbersComeFirstRightAlignedWhenAskedFor(columns: Int) {
        let screen = MemoryScreen(size: ScreenSize(rows: 8, columns: columns))
        var model = Self.model
        model.showsNumbers = true
        model.rows[2].number = 12345
        ScreenReaderItemsView(screen: screen).show(model)
        #expect(screen.text(row: 1).hasPrefix("    1 N  "))
        #expect(screen.text(row: 3).hasPrefix("12345    "))
        #expect(screen.style(row: 1, column: 4).contains(.dim))
        for row in 0..<7 { #expect(DisplayWidth.of(screen.text(row: row)) <= columns) }
    }

    /// With `item_format`, the fields where it puts them, each drawn as its element; the
    /// date as `date_format` wrote it when the row has one.
    @Test func anItemFormatLaysOutTheRowsAndNamesEachFieldsElement() throws {
        let format = try ListRowFormat("%4i %f %D |%-6T| %t", fields: ListRowFields.item)
        let screen = MemoryScreen(size: ScreenSize(rows: 8, columns: 60))
        var model = Self.model
        model.rows[0].formattedDate = "Nov 22"
        ScreenReaderItemsView(screen: screen, format: format).show(model)
        #expect(screen.text(row: 1) == "   1 N   Nov 22 |Planet| Tiling window managers, revisited")
        #expect(screen.text(row: 2).hasPrefix("   2 N*+ 11:00 |喫茶 …| 珈琲"))
        #expect(screen.element(row: 1, column: 0) == .part(.itemNumber, of: .listNormalUnread))
        #expect(screen.element(row: 1, column: 9) == .part(.date, of: .listNormalUnread))
        #expect(screen.element(row: 1, column: 17) == .part(.feedTitle, of: .listNormalUnread))
        #expect(screen.element(row: 2, column: 5) == .part(.starred, of: .listFocusUnread))
        #expect(screen.element(row: 3, column: 30) == CellStyle(.listNormal))
    }
}

import Testing
@testable import FeedClient
import FeedEntities

@MainActor
struct ScreenReaderFeedsViewTests {
    static let model = ReaderFeedsModel(
        title: "Feeds (12 unread items)", position: "3/5",
        entries: [
            ReaderFeedEntry(kind: .allUnread, title: "All unread", unread: 12, total: nil),
            ReaderFeedEntry(kind: .starred, title: "Starred", unread: 0, total: 2),
            ReaderFeedEntry(kind: .feed(number: 1, indented: false), title: "喫茶 Notes ☕", unread: 3, total: 120, tags: ["café"]),
            ReaderFeedEntry(kind: .feed(number: 2, indented: false), title: "Broken", unread: 0, total: 4, health: .failing),
            ReaderFeedEntry(kind: .feed(number: 3, indented: false), title: "Retired", unread: 0, total: 9, health: .gone),
        ],
        cursor: ListCursor(selected: 2, top: 0))

    @Test(arguments: [40, 80, 160])
    func rowsShowCountsTitlesAndHealthWithinTheWidth(columns: Int) {
        let screen = MemoryScreen(size: ScreenSize(rows: 8, columns: columns))
        ScreenReaderFeedsView(screen: screen).show(Self.model)
        for row in 0..<7 {
            #expect(DisplayWidth.of(screen.text(row: row)) <= columns, "row \(row): \(screen.text(row: row))")
        }
        #expect(screen.text(row: 1).hasPrefix("     (12) All unread"))
        #expect(screen.text(row: 2).hasPrefix("      (2) Starred"))
        #expect(screen.text(row: 3).hasPrefix("  (3/120) 喫茶 Notes ☕"))
        #expect(screen.text(row: 4).hasPrefix("!   (0/4) Broken"))
        #expect(screen.text(row: 5).hasPrefix("x   (0/9) Retired"))
        #expect(screen.style(row: 3, column: 1).contains(.reverse))
        #expect(screen.style(row: 4, column: 0).contains(.red))
        #expect(screen.text(row: 3).contains("#café") == (columns >= 60))
    }

    @Test func aSyncedFeedIsMarkedDimUnlessItFails() {
        let screen = MemoryScreen(size: ScreenSize(rows: 6, columns: 80))
        ScreenReaderFeedsView(screen: screen).show(ReaderFeedsModel(
            title: "Feeds", position: "1/2",
            entries: [
                ReaderFeedEntry(kind: .feed(number: 1, indented: false), title: "Synced", unread: 1, total: 5, synced: true),
                ReaderFeedEntry(
                    kind: .feed(number: 2, indented: false), title: "Broken", unread: 0, total: 4, health: .failing, synced: true),
            ],
            cursor: ListCursor(selected: 1, top: 0)))
        #expect(screen.text(row: 1).hasPrefix("s (1/5) Synced"))
        #expect(screen.style(row: 1, column: 0).contains(.dim))
        #expect(screen.text(row: 2).hasPrefix("! (0/4) Broken"))
    }
}

@testable import FeedClient
import Testing

/// The in-memory grid the reader's View tests draw into clips by display width, as the terminal does.
@MainActor
struct MemoryScreenTests {
    @Test(arguments: [40, 80, 160])
    func aLineLongerThanTheScreenIsCutAtTheRightEdge(columns: Int) {
        let screen = MemoryScreen(size: ScreenSize(rows: 3, columns: columns))
        let end = screen.put(String(repeating: "abcdefghij", count: 20), row: 1, column: 0, style: .plain)
        #expect(end == columns)
        #expect(screen.text(row: 1).count == columns)
        #expect(screen.text(row: 0) == "" && screen.text(row: 2) == "")
    }

    @Test(arguments: [40, 80, 160])
    func wideCharactersTakeTwoCellsEach(columns: Int) {
        let screen = MemoryScreen(size: ScreenSize(rows: 1, columns: columns))
        let title = "日本語のニュース"  // 8 characters, 16 columns
        let end = screen.put(title, row: 0, column: 2, style: CellStyle(.message))
        #expect(end == 18)
        #expect(screen.text(row: 0) == "  " + title)
        #expect(screen.content(row: 0, column: 2) == .character("日", width: 2))
        #expect(screen.content(row: 0, column: 3) == .continuation)
        #expect(screen.style(row: 0, column: 3) == .bold)
    }

    @Test func emojiAreTwoColumnsWideWholeClusters() {
        let screen = MemoryScreen(size: ScreenSize(rows: 1, columns: 40))
        let end = screen.put("a👍b❤️c👩‍💻", row: 0, column: 0, style: .plain)
        #expect(end == 1 + 2 + 1 + 2 + 1 + 2)
        #expect(screen.text(row: 0) == "a👍b❤️c👩‍💻")
        #expect(screen.content(row: 0, column: 7) == .character("👩‍💻", width: 2))
    }

    @Test func aWideCharacterThatWouldStraddleTheEdgeIsLeftOut() {
        let screen = MemoryScreen(size: ScreenSize(rows: 1, columns: 5))
        let end = screen.put("ab漢字", row: 0, column: 0, style: .plain)
        // "ab" and "漢" fill four columns; "字" would need columns 4 and 5.
        #expect(end == 4)
        #expect(screen.text(row: 0) == "ab漢")
        #expect(screen.content(row: 0, column: 4) == .character(" ", width: 1))
    }

    @Test func writingOverHalfOfAWideCharacterBlanksTheOtherHalf() {
        let screen = MemoryScreen(size: ScreenSize(rows: 1, columns: 10))
        screen.put("漢字漢字", row: 0, column: 0, style: .plain)
        screen.put("x", row: 0, column: 1, style: .plain)  // the right half of the first 漢
        screen.put("y", row: 0, column: 2, style: .plain)  // the left half of 字
        #expect(screen.text(row: 0) == " xy 漢字")
    }

    @Test func positionsOutsideTheGridDrawNothing() {
        let screen = MemoryScreen(size: ScreenSize(rows: 2, columns: 10))
        #expect(screen.put("x", row: 2, column: 0, style: .plain) == 0)
        #expect(screen.put("x", row: -1, column: 0, style: .plain) == 0)
        #expect(screen.put("x", row: 0, column: 10, style: .plain) == 10)
        #expect(screen.put("x", row: 0, column: -3, style: .plain) == -3)
        screen.clearLine(row: 5, from: 0, style: CellStyle(.listFocus))
        #expect(screen.lines == ["", ""])
    }

    @Test func clearLineFillsTheRestOfTheRowInItsStyle() {
        let screen = MemoryScreen(size: ScreenSize(rows: 1, columns: 8))
        screen.put("abcdefgh", row: 0, column: 0, style: .plain)
        screen.clearLine(row: 0, from: 3, style: CellStyle(.listFocus))
        #expect(screen.text(row: 0) == "abc")
        #expect(screen.style(row: 0, column: 2) == [])
        #expect((3..<8).allSatisfy { screen.style(row: 0, column: $0) == .reverse })
    }

    @Test func withoutColoursOnlyTheAttributesAreKept() {
        let plain = MemoryScreen(size: ScreenSize(rows: 1, columns: 8), usesColor: false)
        plain.put("star", row: 0, column: 0, style: .part(.starred, of: .listNormal))
        #expect(plain.style(row: 0, column: 0) == .bold)
        let coloured = MemoryScreen(size: ScreenSize(rows: 1, columns: 8))
        coloured.put("star", row: 0, column: 0, style: .part(.starred, of: .listNormal))
        #expect(coloured.style(row: 0, column: 0) == [.yellow, .bold])
    }

    @Test func elementsLookAsThePaletteSaysAPartOverItsRowOverTheBackground() {
        let palette = ScreenPalette([
            .background: TextLook(foreground: 250, background: 17), .listFocus: TextLook(attributes: .underline, background: 3),
            .date: TextLook(foreground: 2),
        ])
        let screen = MemoryScreen(size: ScreenSize(rows: 2, columns: 10), palette: palette)
        screen.put("12:00", row: 0, column: 0, style: .part(.date, of: .listFocus))
        screen.clearLine(row: 1, from: 0, style: .plain)
        #expect(screen.element(row: 0, column: 0) == .part(.date, of: .listFocus))
        #expect(screen.style(row: 0, column: 0) == TextLook(attributes: .underline, foreground: 2, background: 3))
        #expect(screen.style(row: 1, column: 0) == TextLook(foreground: 250, background: 17))
        // What the palette leaves alone keeps its default look.
        #expect(palette.look(of: .starred) == [.yellow, .bold])
        #expect(palette.look(for: CellStyle(.listNormal, part: .starred, mark: .searchMatch)) 
            == TextLook(attributes: [.bold, .reverse], foreground: 3, background: 17))
    }

    @Test func zeroWidthClustersTakeNoCell() {
        let screen = MemoryScreen(size: ScreenSize(rows: 1, columns: 8))
        // A lone combining mark and a zero-width space; "é" as e + U+0301 is one cluster.
        let end = screen.put("\u{301}a\u{200B}e\u{301}", row: 0, column: 0, style: .plain)
        #expect(end == 2)
        #expect(screen.text(row: 0) == "ae\u{301}")
    }

    @Test func theCursorAndPresentsAreRecorded() {
        let screen = MemoryScreen(size: ScreenSize(rows: 2, columns: 8))
        #expect(screen.cursor == nil && screen.presentCount == 0)
        screen.placeCursor(at: (row: 1, column: 4))
        screen.present()
        screen.present()
        #expect(screen.cursor?.row == 1 && screen.cursor?.column == 4)
        #expect(screen.presentCount == 2)
        screen.placeCursor(at: nil)
        #expect(screen.cursor == nil)
    }

    @Test func resizingKeepsWhatFitsAndBlanksAWideCharacterCutInHalf() {
        let screen = MemoryScreen(size: ScreenSize(rows: 2, columns: 10))
        screen.put("abc漢字", row: 0, column: 0, style: .plain)
        screen.put("second", row: 1, column: 0, style: .plain)
        screen.resize(to: ScreenSize(rows: 1, columns: 6))
        #expect(screen.size == ScreenSize(rows: 1, columns: 6))
        #expect(screen.lines == ["abc漢"])
        screen.resize(to: ScreenSize(rows: 3, columns: 4))
        #expect(screen.lines == ["abc", "", ""])
        screen.put("12345", row: 2, column: 0, style: .plain)
        #expect(screen.text(row: 2) == "1234")
    }
}

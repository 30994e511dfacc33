import Testing
@testable import FeedEntities

struct DisplayWidthTests {
    @Test func measuresColumns() {
        #expect(DisplayWidth.of("hello") == 5)
        #expect(DisplayWidth.of("中文字") == 6)
        #expect(DisplayWidth.of("ｆｕｌｌ") == 8)
        #expect(DisplayWidth.of("한국어") == 6)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("😀") == 2)
        #expect(DisplayWidth.of("👩‍💻") == 2)
        #expect(DisplayWidth.of("🇫🇷") == 2)
        #expect(DisplayWidth.of("❤️") == 2)
        #expect(DisplayWidth.of("❤") == 1)
        #expect(DisplayWidth.of("Ωμέγα") == 5)
    }

    @Test func truncatesByColumnsWithAnEllipsis() {
        #expect(DisplayWidth.truncate("hello world", toWidth: 8) == "hello w…")
        #expect(DisplayWidth.truncate("short", toWidth: 8) == "short")
        #expect(DisplayWidth.truncate("exact", toWidth: 5) == "exact")
        #expect(DisplayWidth.truncate("anything", toWidth: 0) == "")
    }

    @Test func truncatesWideCharactersWithoutOverflowing() {
        // 中文中文中 is 10 columns; in 6, two wide characters fit before the ellipsis.
        let cut = DisplayWidth.truncate("中文中文中", toWidth: 6)
        #expect(cut == "中文…")
        #expect(DisplayWidth.of(cut) == 5)
        #expect(DisplayWidth.truncate("中文中文中", toWidth: 7) == "中文中…")
    }

    @Test func neverSplitsEmojiOrCombiningSequences() {
        #expect(DisplayWidth.truncate("ab👩‍💻cd", toWidth: 4) == "ab…")
        #expect(DisplayWidth.truncate("ab👩‍💻cd", toWidth: 5) == "ab👩‍💻…")
        #expect(DisplayWidth.truncate("e\u{301}e\u{301}e\u{301}", toWidth: 2) == "e\u{301}…")
    }

    @Test func fitsToExactWidth() {
        #expect(DisplayWidth.fit("中文", toWidth: 6) == "中文  ")
        #expect(DisplayWidth.fit("7", toWidth: 3, alignRight: true) == "  7")
        #expect(DisplayWidth.of(DisplayWidth.fit("中文中文中", toWidth: 6)) == 6)
    }
}

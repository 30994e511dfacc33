import Testing
@testable import FeedClient
import FeedEntities

@MainActor
struct ScreenReaderArticleViewTests {
    @Test(arguments: [40, 80, 160])
    func headerTextAndLinksFitTheWidth(columns: Int) {
        let screen = MemoryScreen(size: ScreenSize(rows: 8, columns: columns))
        let view = ScreenReaderArticleView(screen: screen)
        #expect(view.textColumns == columns - 1)
        view.show(ReaderArticleModel(title: "喫茶 Notes › #5", position: "40%", lines: [
            ArticleLayout.Line(.header(label: "Title:"), "珈琲の淹れ方", emphasis: .title),
            ArticleLayout.Line(.blank, ""),
            ArticleLayout.Line(.text, "Grind the beans\u{1B}]0;pwned\u{07} fine."),
            ArticleLayout.Line(.link(reference: "[1]"), "https://cafe.example/"),
        ]))
        #expect(screen.text(row: 0).hasPrefix(" 喫茶 Notes › #5"))
        #expect(screen.text(row: 1).hasPrefix("Title:     珈琲の淹れ方"))
        #expect(screen.style(row: 1, column: 0).contains(.bold))
        #expect(screen.text(row: 3).hasPrefix("Grind the beans fine."))
        #expect(screen.text(row: 4).hasPrefix("[1] https://cafe.example/"))
        #expect(screen.style(row: 4, column: 0).contains(.dim))
        #expect(screen.style(row: 4, column: 4).contains(.cyan))
        for row in 0..<7 { #expect(DisplayWidth.of(screen.text(row: row)) <= columns) }
    }

    @Test func picturesArePlacedBelowTheTitleRowAndGoWhenTheirRowsAreDrawnOver() throws {
        let screen = MemoryScreen(size: ScreenSize(rows: 8, columns: 40))
        let view = ScreenReaderArticleView(screen: screen)
        let picture = TerminalPicture(kind: .kitty, columns: 10, rows: 2, data: "QUJD")
        view.show(ReaderArticleModel(title: "Pictures", position: "all", lines: [
            ArticleLayout.Line(.text, "[image: chart][1]"),
            ArticleLayout.Line(.picture(number: 1, row: 0), ""),
            ArticleLayout.Line(.picture(number: 1, row: 1), ""),
            ArticleLayout.Line(.picture(number: 2, row: 0), "[image 2 not drawn: HTTP 404\u{1B}[2J]"),
        ], pictures: [ScreenPicture(id: 9, picture: picture, row: 1)]))
        #expect(screen.pictures == [ScreenPicture(id: 9, picture: picture, row: 2)])
        #expect(screen.text(row: 2).isEmpty && screen.text(row: 3).isEmpty)
        #expect(screen.text(row: 4) == "[image 2 not drawn: HTTP 404]")
        #expect(screen.style(row: 4, column: 0).contains(.dim))
        // The next frame has text there (the article scrolled): the picture is gone.
        view.show(ReaderArticleModel(title: "Pictures", position: "all", lines: [ArticleLayout.Line(.text, "After")]))
        #expect(screen.pictures.isEmpty)
    }

    @Test func codeKeepsItsIndentationAndTabsTheirColumns() {
        let screen = MemoryScreen(size: ScreenSize(rows: 6, columns: 40))
        let view = ScreenReaderArticleView(screen: screen)
        view.show(ReaderArticleModel(title: "Code", position: "all", lines: [
            ArticleLayout.Line(.text, "echo 12"),
            ArticleLayout.Line(.text, "  indented"),
            ArticleLayout.Line(.text, "\tif x:\u{1B}[2J"),
            ArticleLayout.Line(.text, "a\u{0B}b"),
        ]))
        #expect(screen.text(row: 1).hasPrefix("echo 12"))
        #expect(screen.text(row: 2).hasPrefix("  indented"))
        #expect(screen.text(row: 3).hasPrefix("        if x:"), "a tab to column 8, the escape gone")
        #expect(screen.text(row: 4).hasPrefix("a b"), "a vertical tab stays on its row")
    }

    @Test func whatWasFoundIsReversedInAnyCaseWhereverItIs() {
        let screen = MemoryScreen(size: ScreenSize(rows: 6, columns: 40))
        ScreenReaderArticleView(screen: screen).show(ReaderArticleModel(title: "Find", position: "all", lines: [
            ArticleLayout.Line(.header(label: "Title:"), "Kernel news"),
            ArticleLayout.Line(.text, "a KERNEL and a kernel"),
            ArticleLayout.Line(.link(reference: "[1]"), "https://kernel.example/"),
        ], highlight: "kernel"))
        #expect(screen.style(row: 1, column: 11).contains(.reverse))
        #expect(!screen.style(row: 1, column: 17).contains(.reverse))
        #expect(screen.text(row: 2).hasPrefix("a KERNEL and a kernel"))
        #expect(!screen.style(row: 2, column: 0).contains(.reverse))
        #expect((2..<8).allSatisfy { screen.style(row: 2, column: $0).contains(.reverse) })
        #expect(!screen.style(row: 2, column: 8).contains(.reverse))
        #expect((15..<21).allSatisfy { screen.style(row: 2, column: $0).contains(.reverse) })
        #expect(screen.style(row: 3, column: 12).contains(.reverse))
        #expect(screen.style(row: 3, column: 12).contains(.cyan))
    }

    @Test func headingsQuotesAndInlineCodeAreSetApart() {
        var lines = [
            ArticleLayout.Line(.text, "Install"), ArticleLayout.Line(.text, "======="), ArticleLayout.Line(.text, ""),
            ArticleLayout.Line(.text, "> quoted words"), ArticleLayout.Line(.text, "### Deeper"),
            ArticleLayout.Line(.text, "Run `make test` now, a lone ` stays"), ArticleLayout.Line(.text, "-- a signature"),
        ]
        ArticleLayout.markBlocks(&lines)
        #expect(lines.map(\.emphasis) == [.heading, .heading, nil, .quote, .heading, nil, nil])
        let screen = MemoryScreen(size: ScreenSize(rows: 10, columns: 60))
        ScreenReaderArticleView(screen: screen).show(ReaderArticleModel(title: "T", position: "all", lines: lines))
        #expect(screen.style(row: 1, column: 0).contains(.bold))
        #expect(screen.style(row: 2, column: 0).contains(.bold))
        #expect(screen.style(row: 4, column: 2).contains(.green))
        #expect(screen.style(row: 5, column: 4).contains(.bold))
        #expect(screen.text(row: 6).hasPrefix("Run `make test` now, a lone ` stays"))
        #expect(!screen.style(row: 6, column: 0).contains(.yellow))
        #expect((4..<15).allSatisfy { screen.style(row: 6, column: $0).contains(.yellow) })
        #expect(!screen.style(row: 6, column: 16).contains(.yellow))
        #expect(!screen.style(row: 6, column: 28).contains(.yellow))
    }
}

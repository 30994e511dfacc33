import Foundation
import Testing
@testable import FeedClient
import FeedEntities

struct TerminalItemListViewTests {
    /// A long Latin title, a read and starred CJK item, an unread starred emoji item.
    static let rows: [ItemRow] = [
        .fixture(12, title: "Tiling window managers, revisited: a long look at i3, sway and river"),
        .fixture(7, title: "标题很长很长很长很长很长很长很长很长", feed: "中文博客", localDate: "2026-11-20 08:00", isRead: true, isStarred: true),
        .fixture(103, title: "Release 🎉 party with 👩‍💻 folks tonight", feed: "Emoji ✨ news", localDate: "2026-11-19 07:05", isStarred: true),
    ]

    func table(width: Int, usesColor: Bool = false, rows: [ItemRow] = rows) -> TerminalSpy {
        let terminal = TerminalSpy(isTTY: true, width: width, usesColor: usesColor)
        TerminalItemListView(terminal: terminal, format: .table).showItems(rows, emptyNote: "none")
        return terminal
    }

    @Test func at40ColumnsTheDateShortensAndTheFeedColumnGoes() {
        let terminal = table(width: 40)
        #expect(terminal.outLines == [
            " 12 N  11-21  Tiling window managers, r…",
            "  7  * 11-20  标题很长很长很长很长很长…",
            "103 N* 11-19  Release 🎉 party with 👩‍💻 …",
        ])
        for line in terminal.outLines { #expect(DisplayWidth.of(String(line)) <= 40) }
    }

    @Test func at30ColumnsTheDateGoesToo() {
        let terminal = table(width: 30)
        #expect(terminal.outLines == [
            " 12 N  Tiling window managers…",
            "  7  * 标题很长很长很长很长很…",
            "103 N* Release 🎉 party with …",
        ])
        for line in terminal.outLines { #expect(DisplayWidth.of(String(line)) <= 30) }
    }

    @Test func at60ColumnsTheShortDateKeepsTheFeedColumn() {
        let terminal = table(width: 60)
        #expect(terminal.outLines == [
            " 12 N  11-21  Planet Terminal  Tiling window managers, revi…",
            "  7  * 11-20  中文博客         标题很长很长很长很长很长很长…",
            "103 N* 11-19  Emoji ✨ news    Release 🎉 party with 👩‍💻 fol…",
        ])
        for line in terminal.outLines { #expect(DisplayWidth.of(String(line)) <= 60) }
    }

    @Test func shortTitlesKeepTheFullDateOnANarrowTerminal() {
        // Nothing is given up for a title that fits.
        let terminal = table(width: 40, rows: [.fixture(1, title: "Short", feed: "Blog"), .fixture(2, title: "Shorter", feed: "Blog")])
        #expect(terminal.outLines == [
            "1 N  2026-11-21 19:30  Blog  Short",
            "2 N  2026-11-21 19:30  Blog  Shorter",
        ])
    }

    @Test func anUntitledItemShowsTheFirstWordsOfItsTextInItalics() {
        let rows: [ItemRow] = [.untitled(5, excerpt: "Just shipped the new release…"), .fixture(4, title: "A title", isRead: true)]
        #expect(table(width: 80, rows: rows).outLines == [
            "5 N  2026-11-21 19:30  Planet Terminal  Just shipped the new release…",
            "4    2026-11-21 19:30  Planet Terminal  A title",
        ])
        #expect(table(width: 80, usesColor: true, rows: rows).outLines.first
            == "5 N  \u{1B}[2m2026-11-21 19:30\u{1B}[0m  Planet Terminal  \u{1B}[1m\u{1B}[3mJust shipped the new release…\u{1B}[0m\u{1B}[0m")
        // Plain lines keep the title column empty; JSON says the title is absent and adds the excerpt.
        let plain = TerminalSpy()
        TerminalItemListView(terminal: plain, format: .plain).showItems([rows[0]], emptyNote: "none")
        #expect(plain.out.split(separator: "\t", omittingEmptySubsequences: false)[3] == "")
        let json = TerminalSpy()
        TerminalItemListView(terminal: json, format: .json).showItems(rows, emptyNote: "none")
        #expect(json.out.contains(#""title":"","#))
        #expect(json.out.contains(#""tags":[],"excerpt":"Just shipped the new release…"}"#))
        #expect(json.out.contains(#""tags":[],"excerpt":null}"#))
    }

    @Test func at80ColumnsWideCharactersLineUp() {
        let terminal = table(width: 80)
        #expect(terminal.outLines == [
            " 12 N  2026-11-21 19:30  Planet Terminal  Tiling window managers, revisited: a …",
            "  7  * 2026-11-20 08:00  中文博客         标题很长很长很长很长很长很长很长很长",
            "103 N* 2026-11-19 07:05  Emoji ✨ news    Release 🎉 party with 👩‍💻 folks tonight",
        ])
        for line in terminal.outLines { #expect(DisplayWidth.of(String(line)) <= 80) }
    }

    @Test(arguments: [120, 160])
    func wideTerminalsCutNothing(width: Int) {
        let terminal = table(width: width)
        #expect(terminal.outLines == [
            " 12 N  2026-11-21 19:30  Planet Terminal  Tiling window managers, revisited: a long look at i3, sway and river",
            "  7  * 2026-11-20 08:00  中文博客         标题很长很长很长很长很长很长很长很长",
            "103 N* 2026-11-19 07:05  Emoji ✨ news    Release 🎉 party with 👩‍💻 folks tonight",
        ])
    }

    @Test func aNarrowFeedColumnTruncatesByDisplayWidth() {
        let terminal = table(width: 64, rows: [
            .fixture(12),
            .fixture(7, title: "标题很长很长很长很长很长很长很长很长", feed: "中文博客", localDate: "2026-11-20 08:00", isRead: true),
        ])
        #expect(terminal.outLines == [
            "12 N  2026-11-21 19:30  Planet Termi…  Tiling window managers, …",
            " 7    2026-11-20 08:00  中文博客       标题很长很长很长很长很长…",
        ])
    }

    @Test func colorsWrapOnlySanitisedTextAndKeepTheWidths() {
        let colored = table(width: 80, usesColor: true)
        #expect(colored.outLines == [
            " 12 N  \u{1B}[2m2026-11-21 19:30\u{1B}[0m  Planet Terminal  \u{1B}[1mTiling window managers, revisited: a …\u{1B}[0m",
            "  7  \u{1B}[33m*\u{1B}[0m \u{1B}[2m2026-11-20 08:00\u{1B}[0m  中文博客         标题很长很长很长很长很长很长很长很长",
            "103 N\u{1B}[33m*\u{1B}[0m \u{1B}[2m2026-11-19 07:05\u{1B}[0m  Emoji ✨ news    \u{1B}[1mRelease 🎉 party with 👩‍💻 folks tonight\u{1B}[0m",
        ])
        #expect(ListingText.withoutStyles(colored.out) == table(width: 80).out)

        let hostile = table(width: 80, usesColor: true, rows: [
            .fixture(1, title: "\u{1B}[5mBlink\u{1B}[0m \u{9B}31m\u{202E}evil", feed: "\u{1B}]0;title\u{07}Feed", isStarred: true)
        ])
        #expect(hostile.out == "1 N\u{1B}[33m*\u{1B}[0m \u{1B}[2m2026-11-21 19:30\u{1B}[0m  Feed  \u{1B}[1mBlink evil\u{1B}[0m\n")
    }

    @Test func hostileStringsNeverReachTheTerminal() {
        for format in [OutputFormat.table, .plain, .json] {
            let terminal = TerminalSpy(isTTY: format == .table)
            TerminalItemListView(terminal: terminal, format: format).showItems([
                .fixture(1, title: "Bell\u{07}\u{1B}]0;pwned\u{07} \u{1B}[31mRed\u{1B}[0m \u{9B}2J \u{202E}txt.exe",
                         feed: "Evil\u{85}Feed\u{200F}", link: "https://evil.example/\u{1B}[2J"),
            ], emptyNote: "none")
            #expect(terminal.dangerousScalars.isEmpty, "\(format): \(terminal.out.debugDescription)")
            #expect(!terminal.out.contains("\u{1B}") && !terminal.out.contains("\\u001b"), "\(format)")
            #expect(terminal.out.contains("Bell Red txt.exe"), "\(format): \(terminal.out.debugDescription)")
        }
    }

    @Test func plainLinesAreTabSeparatedWithTheStateLast() {
        let terminal = TerminalSpy()
        TerminalItemListView(terminal: terminal, format: .plain).showItems([
            .fixture(12), .fixture(3, title: "Tabs\tand\nnewlines", isRead: true, link: nil),
            .fixture(2, isStarred: true), .fixture(1, isRead: true, isStarred: true),
        ], emptyNote: "none")
        #expect(terminal.outLines == [
            "12\t2026-11-21T18:30:00Z\tPlanet Terminal\tTiling window managers, revisited\thttps://planet.example.org/tiling\tunread",
            "3\t2026-11-21T18:30:00Z\tPlanet Terminal\tTabs and newlines\t\tread",
            "2\t2026-11-21T18:30:00Z\tPlanet Terminal\tTiling window managers, revisited\thttps://planet.example.org/tiling\tunread,starred",
            "1\t2026-11-21T18:30:00Z\tPlanet Terminal\tTiling window managers, revisited\thttps://planet.example.org/tiling\tread,starred",
        ])
    }

    @Test func jsonHasTheDocumentedSchema() throws {
        let terminal = TerminalSpy()
        var row = ItemRow.fixture(12, link: nil)
        row.author = "Ada \"Countess\" Lovelace"
        TerminalItemListView(terminal: terminal, format: .json).showItems(
            [row, .fixture(13, title: "", isRead: true, isStarred: true)], emptyNote: "none")
        let first = #"{"number":12,"title":"Tiling window managers, revisited","link":null,"feed":"Planet Terminal","feedNumber":1,"author":"Ada \"Countess\" Lovelace","published":"2026-11-21T18:30:00Z","read":false,"starred":false,"alsoIn":[],"tags":[],"excerpt":null}"#
        let second = #"{"number":13,"title":"","link":"https://planet.example.org/tiling","feed":"Planet Terminal","feedNumber":1,"author":null,"published":"2026-11-21T18:30:00Z","read":true,"starred":true,"alsoIn":[],"tags":[],"excerpt":null}"#
        #expect(terminal.out == #"{"items":["# + first + "," + second + "]}\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(terminal.out.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["items"])
        let item = try #require((object["items"] as? [[String: Any]])?.first)
        #expect(Set(item.keys) == ["number", "title", "link", "feed", "feedNumber", "author", "published", "read", "starred", "alsoIn", "tags", "excerpt"])
    }

    @Test func emptyListings() {
        let text = TerminalSpy()
        TerminalItemListView(terminal: text, format: .table).showItems([], emptyNote: "No unread items.")
        #expect(text.out.isEmpty)
        #expect(text.err == "No unread items.\n")
        let json = TerminalSpy()
        TerminalItemListView(terminal: json, format: .json).showItems([], emptyNote: "No unread items.")
        #expect(json.out == "{\"items\":[]}\n")
        #expect(json.err.isEmpty)
    }

    @Test func notesGoToStderr() {
        let terminal = TerminalSpy(isTTY: true)
        TerminalItemListView(terminal: terminal, format: .table).showNote("Showing the newest 22 unread items; use --limit N to see more.")
        #expect(terminal.out.isEmpty)
        #expect(terminal.errLines == ["Showing the newest 22 unread items; use --limit N to see more."])
    }
}

import Foundation
import Testing
@testable import FeedClient
import FeedEntities

struct TerminalSearchViewTests {
    /// A long Latin title with a snippet, a read and starred CJK hit without one, an unread
    /// starred emoji hit. `[` `]` stand for the daemon's markers.
    static let rows: [SearchHitRow] = [
        .fixture(12, title: "Tiling [window] managers, revisited: a long look at i3, sway and river",
                 snippet: "… the [window] manager that tiles every window on the screen, and more …"),
        .fixture(7, title: "[标题]很长很长很长很长很长很长很长很长", feed: "中文博客", isRead: true, isStarred: true),
        .fixture(103, title: "Release 🎉 [party] with 👩‍💻 folks tonight",
                 snippet: "bring [party] hats 🎩 and snacks for everyone who comes along to the release",
                 feed: "Emoji ✨ news", isStarred: true),
    ]

    func table(width: Int, usesColor: Bool = false, rows: [SearchHitRow] = rows) -> TerminalSpy {
        let terminal = TerminalSpy(isTTY: true, width: width, usesColor: usesColor)
        TerminalSearchView(terminal: terminal, format: .table).showHits(rows, emptyNote: "none", partial: nil)
        return terminal
    }

    @Test func at40ColumnsTheDateShortensAndTheFeedColumnGoes() {
        let terminal = table(width: 40)
        #expect(terminal.outLines == [
            " 12 N  11-21  Tiling window managers, r…",
            "       … the window manager that tiles …",
            "  7  * 11-21  标题很长很长很长很长很长…",
            "103 N* 11-21  Release 🎉 party with 👩‍💻 …",
            "       bring party hats 🎩 and snacks f…",
        ])
        for line in terminal.outLines { #expect(DisplayWidth.of(String(line)) <= 40) }
    }

    @Test func at30ColumnsTheDateGoesToo() {
        let terminal = table(width: 30)
        #expect(terminal.outLines == [
            " 12 N  Tiling window managers…",
            "       … the window manager t…",
            "  7  * 标题很长很长很长很长很…",
            "103 N* Release 🎉 party with …",
            "       bring party hats 🎩 an…",
        ])
        for line in terminal.outLines { #expect(DisplayWidth.of(String(line)) <= 30) }
    }

    @Test func anUntitledHitShowsTheFirstWordsOfItsTextInItalics() {
        let row = SearchHitRow(
            item: .untitled(5, excerpt: "Just shipped the new release…"),
            title: MatchedText(pieces: [.init("Just shipped the new release…")]), snippet: MatchedText(marked: "the new \u{02}release\u{03}"))
        let plain = table(width: 80, rows: [row])
        #expect(plain.outLines == [
            "5 N  2026-11-21 19:30  Planet Terminal  Just shipped the new release…",
            "     the new release",
        ])
        let colored = table(width: 80, usesColor: true, rows: [row])
        #expect(colored.outLines[0].hasSuffix("\u{1B}[1m\u{1B}[3mJust shipped the new release…\u{1B}[0m\u{1B}[0m"))
    }

    @Test func at80Columns() {
        let terminal = table(width: 80)
        #expect(terminal.outLines == [
            " 12 N  2026-11-21 19:30  Planet Terminal  Tiling window managers, revisited: a …",
            "       … the window manager that tiles every window on the screen, and more …",
            "  7  * 2026-11-21 19:30  中文博客         标题很长很长很长很长很长很长很长很长",
            "103 N* 2026-11-21 19:30  Emoji ✨ news    Release 🎉 party with 👩‍💻 folks tonight",
            "       bring party hats 🎩 and snacks for everyone who comes along to the relea…",
        ])
        for line in terminal.outLines { #expect(DisplayWidth.of(String(line)) <= 80) }
    }

    @Test(arguments: [120, 160])
    func wideTerminalsCutNothingButTheSnippets(width: Int) {
        let terminal = table(width: width)
        #expect(terminal.outLines == [
            " 12 N  2026-11-21 19:30  Planet Terminal  Tiling window managers, revisited: a long look at i3, sway and river",
            "       … the window manager that tiles every window on the screen, and more …",
            "  7  * 2026-11-21 19:30  中文博客         标题很长很长很长很长很长很长很长很长",
            "103 N* 2026-11-21 19:30  Emoji ✨ news    Release 🎉 party with 👩‍💻 folks tonight",
            "       bring party hats 🎩 and snacks for everyone who comes along to the release",
        ])
    }

    @Test func colorsHighlightTheMatchesAndKeepTheWidths() {
        let colored = table(width: 80, usesColor: true)
        let (reset, dim, bold, match) = ("\u{1B}[0m", "\u{1B}[2m", "\u{1B}[1m", "\u{1B}[1;7m")
        #expect(colored.outLines[0] == " 12 N  \(dim)2026-11-21 19:30\(reset)  Planet Terminal  "
            + "\(bold)Tiling \(reset)\(match)window\(reset)\(bold) managers, revisited: a …\(reset)")
        #expect(colored.outLines[1] == "       \(dim)… the \(reset)\(match)window\(reset)\(dim) manager that tiles every window on the screen, and more …\(reset)")
        #expect(colored.outLines[2] == "  7  \u{1B}[33m*\(reset) \(dim)2026-11-21 19:30\(reset)  中文博客         \(match)标题\(reset)很长很长很长很长很长很长很长很长")
        #expect(ListingText.withoutStyles(colored.out) == table(width: 80).out)
    }

    @Test func hostileStringsAndMarkersNeverReachTheTerminal() {
        let hostile = SearchHitRow(
            item: .fixture(1, title: "Evil match after", feed: "Bad\u{1B}[2JFeed", link: "https://evil.example/\u{1B}[2J"),
            title: MatchedText(marked: "Evil\u{1B}]0;x\u{07} \u{02}match\u{03}\u{1B}[2J after\u{202E}\u{03}"),
            snippet: MatchedText(marked: "\u{9B}31m\u{02}snip\u{1B}[0m\u{03}\u{85}pet\u{200F} \u{02}"))
        for usesColor in [false, true] {
            for format in [OutputFormat.table, .plain, .json] {
                let terminal = TerminalSpy(isTTY: format == .table, usesColor: usesColor)
                TerminalSearchView(terminal: terminal, format: format).showHits([hostile], emptyNote: "none", partial: nil)
                let visible = ListingText.withoutStyles(terminal.out)
                #expect(ListingText.dangerousScalars(in: visible).isEmpty, "\(format): \(terminal.out.debugDescription)")
                #expect(!terminal.out.contains("\\u0002") && !terminal.out.contains("\\u0003") && !terminal.out.contains("\\u001b"))
                #expect(visible.contains("Evil match after"), "\(format): \(terminal.out.debugDescription)")
                if format != .plain { #expect(visible.contains("snip pet"), "\(format): \(terminal.out.debugDescription)") }
            }
        }
        let terminal = TerminalSpy(isTTY: true, width: 60)
        TerminalSearchView(terminal: terminal, format: .table).showHits([hostile], emptyNote: "none", partial: nil)
        #expect(terminal.outLines == [
            "1 N  2026-11-21 19:30  BadFeed  Evil match after",
            "     snip pet",
        ])
    }

    @Test func plainLinesAreTheListsLines() {
        let terminal = TerminalSpy()
        TerminalSearchView(terminal: terminal, format: .plain).showHits(Self.rows, emptyNote: "none", partial: nil)
        #expect(terminal.outLines == [
            "12\t2026-11-21T18:30:00Z\tPlanet Terminal\tTiling window managers, revisited: a long look at i3, sway and river\thttps://planet.example.org/tiling\tunread",
            "7\t2026-11-21T18:30:00Z\t中文博客\t标题很长很长很长很长很长很长很长很长\thttps://planet.example.org/tiling\tread,starred",
            "103\t2026-11-21T18:30:00Z\tEmoji ✨ news\tRelease 🎉 party with 👩‍💻 folks tonight\thttps://planet.example.org/tiling\tunread,starred",
        ])
    }

    @Test func jsonIsTheListItemWithAPlainSnippet() throws {
        let terminal = TerminalSpy()
        TerminalSearchView(terminal: terminal, format: .json).showHits([.fixture(5, snippet: "a [window]  manager"), .fixture(6)], emptyNote: "none", partial: nil)
        let first = #"{"number":5,"title":"Tiling window managers, revisited","link":"https://planet.example.org/tiling","feed":"Planet Terminal","feedNumber":1,"author":null,"published":"2026-11-21T18:30:00Z","read":false,"starred":false,"snippet":"a window manager","alsoIn":[],"tags":[],"excerpt":null}"#
        let second = #"{"number":6,"title":"Tiling window managers, revisited","link":"https://planet.example.org/tiling","feed":"Planet Terminal","feedNumber":1,"author":null,"published":"2026-11-21T18:30:00Z","read":false,"starred":false,"snippet":"","alsoIn":[],"tags":[],"excerpt":null}"#
        #expect(terminal.out == #"{"hits":["# + first + "," + second + #"],"partial":false,"unindexed":0}"# + "\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(terminal.out.utf8)) as? [String: Any])
        let hit = try #require((object["hits"] as? [[String: Any]])?.first)
        #expect(Set(hit.keys) == ["number", "title", "link", "feed", "feedNumber", "author", "published", "read", "starred", "snippet", "alsoIn", "tags", "excerpt"])
    }

    @Test func aPartialSearchSaysSoOnStderrAndInJSON() throws {
        let partial = PartialSearch(unindexed: 12, reason: "database or disk is full")
        let table = TerminalSpy(isTTY: true)
        TerminalSearchView(terminal: table, format: .table).showHits(Self.rows, emptyNote: "none", partial: partial)
        #expect(table.err == "search is partial: 12 items are not indexed yet (database or disk is full)\n")
        #expect(!table.out.isEmpty)
        let json = TerminalSpy()
        TerminalSearchView(terminal: json, format: .json).showHits([], emptyNote: "none", partial: partial)
        #expect(json.out == #"{"hits":[],"partial":true,"unindexed":12}"# + "\n")
        #expect(json.err == "search is partial: 12 items are not indexed yet (database or disk is full)\n")
        let unknown = TerminalSpy()
        TerminalSearchView(terminal: unknown, format: .json).showHits([], emptyNote: "none", partial: PartialSearch(unindexed: nil, reason: nil))
        #expect(unknown.out == #"{"hits":[],"partial":true,"unindexed":null}"# + "\n")
        #expect(unknown.err == "search is partial: some items are not indexed yet\n")
        #expect(PartialSearch(unindexed: 1, reason: nil).note == "search is partial: 1 item is not indexed yet")
    }

    @Test func noHits() {
        let text = TerminalSpy(isTTY: true)
        TerminalSearchView(terminal: text, format: .table).showHits([], emptyNote: "No items match 'zzz'.", partial: nil)
        #expect(text.out.isEmpty)
        #expect(text.err == "No items match 'zzz'.\n")
    }
}

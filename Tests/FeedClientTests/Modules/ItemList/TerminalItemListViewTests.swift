import Foundation
import Testing
@testable import FeedClient

struct TerminalItemListViewTests {
    @Test func tableFitsTheWidthWithDisplayWidthTruncation() {
        let terminal = TerminalSpy(isTTY: true, width: 60)
        TerminalItemListView(terminal: terminal, format: .table).showItems([
            .fixture(12),
            .fixture(7, title: "标题很长很长很长很长很长很长很长很长", feed: "中文博客", localDate: "2026-11-20 08:00", isRead: true),
        ], emptyNote: "none")
        #expect(terminal.outLines == [
            "12 N 2026-11-21 19:30  Planet Term…  Tiling window managers…",
            " 7   2026-11-20 08:00  中文博客      标题很长很长很长很长很…",
        ])
        for line in terminal.outLines { #expect(DisplayWidth.of(String(line)) <= 60) }
    }

    @Test func narrowTerminalsDropTheFeedColumn() {
        let terminal = TerminalSpy(isTTY: true, width: 40)
        TerminalItemListView(terminal: terminal, format: .table).showItems([.fixture(3)], emptyNote: "none")
        #expect(terminal.out == "3 N 2026-11-21 19:30  Tiling window man…\n")
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

    @Test func plainLinesAreTabSeparated() {
        let terminal = TerminalSpy()
        TerminalItemListView(terminal: terminal, format: .plain).showItems([
            .fixture(12), .fixture(3, title: "Tabs\tand\nnewlines", link: nil),
        ], emptyNote: "none")
        #expect(terminal.outLines == [
            "12\t2026-11-21T18:30:00Z\tPlanet Terminal\tTiling window managers, revisited\thttps://planet.example.org/tiling",
            "3\t2026-11-21T18:30:00Z\tPlanet Terminal\tTabs and newlines\t",
        ])
    }

    @Test func jsonHasTheDocumentedSchema() throws {
        let terminal = TerminalSpy()
        var row = ItemRow.fixture(12, link: nil)
        row.author = "Ada \"Countess\" Lovelace"
        TerminalItemListView(terminal: terminal, format: .json).showItems([row, .fixture(13, title: "", isRead: true)], emptyNote: "none")
        let first = #"{"number":12,"title":"Tiling window managers, revisited","link":null,"feed":"Planet Terminal","feedNumber":1,"author":"Ada \"Countess\" Lovelace","published":"2026-11-21T18:30:00Z","read":false}"#
        let second = #"{"number":13,"title":"","link":"https://planet.example.org/tiling","feed":"Planet Terminal","feedNumber":1,"author":null,"published":"2026-11-21T18:30:00Z","read":true}"#
        #expect(terminal.out == #"{"items":["# + first + "," + second + "]}\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(terminal.out.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["items"])
        let item = try #require((object["items"] as? [[String: Any]])?.first)
        #expect(Set(item.keys) == ["number", "title", "link", "feed", "feedNumber", "author", "published", "read"])
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
}

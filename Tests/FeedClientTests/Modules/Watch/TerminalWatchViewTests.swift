import Foundation
import Testing
@testable import FeedClient
import FeedEntities

struct TerminalWatchViewTests {
    func write(_ batches: [[ItemRow]], format: OutputFormat = .table, width: Int = 80, usesColor: Bool = false) -> TerminalSpy {
        let terminal = TerminalSpy(isTTY: format == .table, width: width, usesColor: usesColor)
        let view = TerminalWatchView(terminal: terminal, format: format)
        batches.forEach(view.showItems)
        return terminal
    }

    static let batches: [[ItemRow]] = [
        [.fixture(98, title: "Tiling window managers, revisited: a long look at i3, sway and river")],
        [
            .fixture(99, title: "标题很长很长很长很长很长很长很长很长", feed: "中文博客", localDate: "2026-11-20 08:00", isStarred: true),
            .fixture(100, title: "Release 🎉 party with 👩‍💻 folks tonight", feed: "Emoji ✨ news", localDate: "2026-11-19 07:05"),
        ],
    ]

    @Test func at40ColumnsEachBatchIsFitted() {
        let terminal = write(Self.batches, width: 40)
        #expect(terminal.outLines == [
            "98 N  11-21  Tiling window managers, re…",
            " 99 N* 11-20  标题很长很长很长很长很长…",
            "100 N  11-19  Release 🎉 party with 👩‍💻 …",
        ])
        for line in terminal.outLines { #expect(DisplayWidth.of(String(line)) <= 40) }
    }

    @Test func at80Columns() {
        let terminal = write(Self.batches, width: 80)
        #expect(terminal.outLines == [
            "98 N  2026-11-21 19:30  Planet Terminal  Tiling window managers, revisited: a l…",
            " 99 N* 2026-11-20 08:00  中文博客       标题很长很长很长很长很长很长很长很长",
            "100 N  2026-11-19 07:05  Emoji ✨ news  Release 🎉 party with 👩‍💻 folks tonight",
        ])
        for line in terminal.outLines { #expect(DisplayWidth.of(String(line)) <= 80) }
    }

    @Test func at160Columns() {
        let terminal = write(Self.batches, width: 160)
        #expect(terminal.outLines == [
            "98 N  2026-11-21 19:30  Planet Terminal  Tiling window managers, revisited: a long look at i3, sway and river",
            " 99 N* 2026-11-20 08:00  中文博客       标题很长很长很长很长很长很长很长很长",
            "100 N  2026-11-19 07:05  Emoji ✨ news  Release 🎉 party with 👩‍💻 folks tonight",
        ])
    }

    @Test func colorsAsInTheList() {
        let colored = write([[.fixture(5, isStarred: true)]], width: 80, usesColor: true)
        #expect(colored.out == "5 N\u{1B}[33m*\u{1B}[0m \u{1B}[2m2026-11-21 19:30\u{1B}[0m  Planet Terminal  "
            + "\u{1B}[1mTiling window managers, revisited\u{1B}[0m\n")
        #expect(ListingText.withoutStyles(colored.out) == write([[.fixture(5, isStarred: true)]], width: 80).out)
    }

    @Test func plainLinesAndJSONLines() throws {
        let plain = write(Self.batches, format: .plain)
        #expect(plain.outLines == [
            "98\t2026-11-21T18:30:00Z\tPlanet Terminal\tTiling window managers, revisited: a long look at i3, sway and river\thttps://planet.example.org/tiling\tunread",
            "99\t2026-11-21T18:30:00Z\t中文博客\t标题很长很长很长很长很长很长很长很长\thttps://planet.example.org/tiling\tunread,starred",
            "100\t2026-11-21T18:30:00Z\tEmoji ✨ news\tRelease 🎉 party with 👩‍💻 folks tonight\thttps://planet.example.org/tiling\tunread",
        ])
        let json = write([[.fixture(5, link: nil)], [.fixture(6, isRead: true, isStarred: true)]], format: .json)
        #expect(json.outLines == [
            #"{"number":5,"title":"Tiling window managers, revisited","link":null,"feed":"Planet Terminal","feedNumber":1,"author":null,"published":"2026-11-21T18:30:00Z","read":false,"starred":false,"alsoIn":[],"tags":[],"excerpt":null}"#,
            #"{"number":6,"title":"Tiling window managers, revisited","link":"https://planet.example.org/tiling","feed":"Planet Terminal","feedNumber":1,"author":null,"published":"2026-11-21T18:30:00Z","read":true,"starred":true,"alsoIn":[],"tags":[],"excerpt":null}"#,
        ])
        for line in json.outLines {
            #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
        }
    }

    @Test func hostileStringsNeverReachTheTerminal() {
        for usesColor in [false, true] {
            for format in [OutputFormat.table, .plain, .json] {
                let terminal = write([[
                    .fixture(1, title: "Bell\u{07}\u{1B}]0;pwned\u{07} \u{1B}[31mRed\u{1B}[0m \u{9B}2J \u{202E}txt.exe",
                             feed: "Evil\u{85}Feed\u{200F}", link: "https://evil.example/\u{1B}[2J"),
                ]], format: format, usesColor: usesColor)
                let visible = ListingText.withoutStyles(terminal.out)
                #expect(ListingText.dangerousScalars(in: visible).isEmpty, "\(format): \(terminal.out.debugDescription)")
                #expect(!terminal.out.contains("\\u001b"), "\(format)")
                #expect(visible.contains("Bell Red txt.exe"), "\(format): \(terminal.out.debugDescription)")
            }
        }
    }

    @Test func notesAndFailuresGoToStderr() {
        let terminal = TerminalSpy(isTTY: true)
        let view = TerminalWatchView(terminal: terminal, format: .table)
        view.showNote("the daemon stopped")
        view.showFailure(CommandFailure(message: "the daemon closed the connection"))
        #expect(terminal.out.isEmpty)
        #expect(terminal.errLines == ["the daemon stopped", "tidings: the daemon closed the connection"])
    }
}

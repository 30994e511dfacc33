import Foundation
import Testing
@testable import FeedClient
import FeedEntities

struct TerminalManageRulesViewTests {
    @Test(arguments: [80, 120])
    func aTableAlignsNamesAndCounts(width: Int) {
        let terminal = TerminalSpy(isTTY: true, width: width)
        TerminalManageRulesView(terminal: terminal, format: .table).showRules(ManageRulesFixtures.rows)
        #expect(terminal.outLines == [
            "no-sponsored  12 matches  title: /sponsored|promoted/ → read, hide",
            "swift          1 match    feed: Swift Forums, tag: swift → star, tag:swift",
        ])
    }

    @Test func at40ColumnsWhatARuleDoesGoesOnTheNextLineAndKeepsItsActions() {
        let terminal = TerminalSpy(isTTY: true, width: 40)
        TerminalManageRulesView(terminal: terminal, format: .table).showRules(ManageRulesFixtures.rows)
        #expect(terminal.outLines == [
            "no-sponsored  12 matches",
            "    title: /sponsored|prom… → read, hide",
            "swift          1 match",
            "    feed: Swift Forum… → star, tag:swift",
        ])
    }

    @Test func aLongNameTakesAtMostAThirdOfTheWidth() {
        let terminal = TerminalSpy(isTTY: true, width: 60)
        TerminalManageRulesView(terminal: terminal, format: .table).showRules([
            RuleRow(name: "hide-sponsored-posts-from-every-planet", conditions: "title: /(?i)sponsored|promoted|advert/", actions: ["read", "hide"], matched: 3),
        ])
        #expect(terminal.outLines == ["hide-sponsored-post…  3 matches  title: /(?i)s… → read, hide"])
        for line in terminal.outLines { #expect(DisplayWidth.of(String(line)) <= 60) }
    }

    @Test func wideNamesAlignByColumns() {
        let terminal = TerminalSpy(isTTY: true)
        let rows = [
            RuleRow(name: "新闻", conditions: "title: 新闻", actions: ["star"], matched: 0),
            RuleRow(name: "news", conditions: "title: news", actions: ["star"], matched: 2),
        ]
        TerminalManageRulesView(terminal: terminal, format: .table).showRules(rows)
        #expect(terminal.outLines == ["新闻  0 matches  title: 新闻 → star", "news  2 matches  title: news → star"])
    }

    @Test func noRulesSaysWhereToAddThem() {
        let terminal = TerminalSpy(isTTY: true)
        TerminalManageRulesView(terminal: terminal, format: .table).showRules([])
        #expect(terminal.out.contains("config.yaml"))
    }

    @Test func pipedAndJSON() {
        let plain = TerminalSpy(isTTY: false)
        TerminalManageRulesView(terminal: plain, format: .plain).showRules(ManageRulesFixtures.rows)
        #expect(plain.outLines.first == "no-sponsored\t12\ttitle: /sponsored|promoted/\tread,hide")
        let json = TerminalSpy(isTTY: false)
        TerminalManageRulesView(terminal: json, format: .json).showRules([ManageRulesFixtures.rows[1]])
        #expect(json.out == #"{"rules":[{"name":"swift","conditions":"feed: Swift Forums, tag: swift","actions":["star","tag:swift"],"matched":1}]}"# + "\n")
    }

    static let matches: [ItemRow] = [
        .fixture(42, title: "Sponsored: the best tiling window manager money can buy", feed: "Planet Terminal"),
        .fixture(7, title: "Promoted", feed: "F", localDate: "2026-11-20 08:00", isRead: true, isStarred: true),
    ]

    @Test func matchesAreListedAsTidingsListListsThem() {
        for (width, rows) in [
            (80, [
                "42 N  2026-11-21 19:30  Planet Terminal  Sponsored: the best tiling window mana…",
                " 7  * 2026-11-20 08:00  F                Promoted",
            ]),
            (40, ["42 N  11-21  Sponsored: the best tiling…", " 7  * 11-20  Promoted"]),
            (120, [
                "42 N  2026-11-21 19:30  Planet Terminal  Sponsored: the best tiling window manager money can buy",
                " 7  * 2026-11-20 08:00  F                Promoted",
            ]),
        ] {
            let table = TerminalSpy(isTTY: true, width: width)
            TerminalManageRulesView(terminal: table, format: .table).showMatches(of: ManageRulesFixtures.rows[0], items: Self.matches)
            let list = TerminalSpy(isTTY: true, width: width)
            TerminalItemListView(terminal: list, format: .table).showItems(Self.matches, emptyNote: "none")
            #expect(table.outLines == ["rule no-sponsored matches 2 stored items"] + list.outLines, "width \(width)")
            #expect(Array(table.outLines.dropFirst()) == rows.map { Substring($0) }, "width \(width)")
        }
    }

    @Test func matchesPipedAndAsJSON() {
        let items: [ItemRow] = [.fixture(42, title: "Sponsored", feed: "F"), .fixture(7, title: "", feed: "F")]
        let plain = TerminalSpy(isTTY: false)
        TerminalManageRulesView(terminal: plain, format: .plain).showMatches(of: ManageRulesFixtures.rows[0], items: items)
        #expect(plain.outLines == ["42\tSponsored\tF", "7\t(untitled)\tF"])
        let json = TerminalSpy(isTTY: false)
        TerminalManageRulesView(terminal: json, format: .json).showMatches(of: ManageRulesFixtures.rows[1], items: [items[0]])
        #expect(json.out.hasSuffix(#""items":[{"number":42,"title":"Sponsored","feed":"F"}]}"# + "\n"))
    }

    @Test func hostileDaemonStringsNeverReachTheTerminal() {
        let row = RuleRow(name: "x\u{1B}[2J", conditions: "title: \u{202E}y", actions: ["tag:\u{9B}z"], matched: 1)
        let item = ItemRow.fixture(1, title: "t\u{1B}]0;x\u{07}", feed: "f\u{85}")
        for format in [OutputFormat.table, .plain, .json] {
            let terminal = TerminalSpy(isTTY: format == .table)
            let view = TerminalManageRulesView(terminal: terminal, format: format)
            view.showRules([row])
            view.showMatches(of: row, items: [item])
            #expect(terminal.dangerousScalars.isEmpty, "\(format): \(terminal.out.debugDescription)")
        }
    }
}

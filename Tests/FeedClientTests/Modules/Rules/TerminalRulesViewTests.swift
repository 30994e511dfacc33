import Foundation
import Testing
@testable import FeedClient

struct TerminalRulesViewTests {
    @Test func aTableAlignsNames() {
        let terminal = TerminalSpy(isTTY: true)
        TerminalRulesView(terminal: terminal, format: .table).showRules(RulesFixtures.rows)
        #expect(terminal.outLines == [
            "no-sponsored  12 matches  title: /sponsored|promoted/ → read, hide",
            "swift         1 match     feed: Swift Forums, tag: swift → star, tag:swift",
        ])
    }

    @Test func wideNamesAlignByColumns() {
        let terminal = TerminalSpy(isTTY: true)
        let rows = [
            RuleRow(name: "新闻", conditions: "title: 新闻", actions: ["star"], matched: 0),
            RuleRow(name: "news", conditions: "title: news", actions: ["star"], matched: 2),
        ]
        TerminalRulesView(terminal: terminal, format: .table).showRules(rows)
        #expect(terminal.outLines == ["新闻  0 matches  title: 新闻 → star", "news  2 matches  title: news → star"])
    }

    @Test func noRulesSaysWhereToAddThem() {
        let terminal = TerminalSpy(isTTY: true)
        TerminalRulesView(terminal: terminal, format: .table).showRules([])
        #expect(terminal.out.contains("config.yaml"))
    }

    @Test func pipedAndJSON() {
        let plain = TerminalSpy(isTTY: false)
        TerminalRulesView(terminal: plain, format: .plain).showRules(RulesFixtures.rows)
        #expect(plain.outLines.first == "no-sponsored\t12\ttitle: /sponsored|promoted/\tread,hide")
        let json = TerminalSpy(isTTY: false)
        TerminalRulesView(terminal: json, format: .json).showRules([RulesFixtures.rows[1]])
        #expect(json.out == #"{"rules":[{"name":"swift","conditions":"feed: Swift Forums, tag: swift","actions":["star","tag:swift"],"matched":1}]}"# + "\n")
    }

    @Test func matchesAsTableLinesAndJSON() {
        let items = [RuleMatchRow(number: 42, title: "Sponsored", feed: "F"), RuleMatchRow(number: 7, title: "Promoted", feed: "F")]
        let table = TerminalSpy(isTTY: true)
        TerminalRulesView(terminal: table, format: .table).showMatches(of: RulesFixtures.rows[0], items: items)
        #expect(table.outLines == ["rule no-sponsored matches 2 stored items", "42  Sponsored  F", " 7  Promoted  F"])
        let plain = TerminalSpy(isTTY: false)
        TerminalRulesView(terminal: plain, format: .plain).showMatches(of: RulesFixtures.rows[0], items: items)
        #expect(plain.outLines == ["42\tSponsored\tF", "7\tPromoted\tF"])
        let json = TerminalSpy(isTTY: false)
        TerminalRulesView(terminal: json, format: .json).showMatches(of: RulesFixtures.rows[1], items: [items[1]])
        #expect(json.out.hasSuffix(#""items":[{"number":7,"title":"Promoted","feed":"F"}]}"# + "\n"))
    }

    @Test func hostileDaemonStringsNeverReachTheTerminal() {
        let row = RuleRow(name: "x\u{1B}[2J", conditions: "title: \u{202E}y", actions: ["tag:\u{9B}z"], matched: 1)
        let item = RuleMatchRow(number: 1, title: "t\u{1B}]0;x\u{07}", feed: "f\u{85}")
        for format in [OutputFormat.table, .plain, .json] {
            let terminal = TerminalSpy(isTTY: format == .table)
            let view = TerminalRulesView(terminal: terminal, format: format)
            view.showRules([row])
            view.showMatches(of: row, items: [item])
            #expect(terminal.dangerousScalars.isEmpty, "\(format): \(terminal.out.debugDescription)")
        }
    }
}

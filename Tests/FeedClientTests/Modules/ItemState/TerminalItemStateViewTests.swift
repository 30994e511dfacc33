import Testing
@testable import FeedClient

struct TerminalItemStateViewTests {
    func render(_ outcome: ItemStateOutcome, width: Int, format: OutputFormat = .table, usesColor: Bool = false) -> TerminalSpy {
        let terminal = TerminalSpy(isTTY: format == .table, width: width, usesColor: usesColor)
        TerminalItemStateView(terminal: terminal, format: format).showOutcome(outcome)
        return terminal
    }

    @Test func summaryLinesAreWrittenWholeAtEveryWidth() {
        let outcome = ItemStateOutcome(updated: 12, missing: [], summary: ["Marked 12 items read in '中文博客 🎉 very long feed selector name'"])
        for width in [40, 80, 160] {
            for format in [OutputFormat.table, .plain] {
                let terminal = render(outcome, width: width, format: format)
                #expect(terminal.outLines == ["Marked 12 items read in '中文博客 🎉 very long feed selector name'"], "\(width) \(format)")
                #expect(terminal.err.isEmpty)
            }
        }
    }

    @Test func severalLinesAndNone() {
        #expect(render(.init(updated: 0, missing: [9], summary: []), width: 80).out.isEmpty)
        #expect(render(.init(updated: 1, missing: [], summary: ["a", "b"]), width: 40).outLines == ["a", "b"])
    }

    @Test func hostileSelectorsNeverReachTheTerminal() {
        let outcome = ItemStateOutcome(
            updated: 0, missing: [], summary: ["No unread items in 'x\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}1A\u{202E}y\nz'"])
        for width in [40, 80, 160] {
            let terminal = render(outcome, width: width)
            #expect(terminal.dangerousScalars.isEmpty)
            #expect(terminal.out == "No unread items in 'xy z'\n")
        }
    }

    @Test func noColorsEvenWhenTheTerminalHasThem() {
        let outcome = ItemStateOutcome(updated: 2, missing: [], summary: ["Starred 2 items"])
        #expect(render(outcome, width: 80, usesColor: true).out == "Starred 2 items\n")
    }

    @Test func jsonHasUpdatedAndMissing() {
        for width in [40, 80, 160] {
            let terminal = render(.init(updated: 2, missing: [998, 999], summary: ["ignored"]), width: width, format: .json)
            #expect(terminal.out == "{\"updated\":2,\"missing\":[998,999]}\n")
        }
    }

    @Test func failuresAreOneLine() {
        let terminal = TerminalSpy()
        TerminalItemStateView(terminal: terminal, format: .table).showFailure(CommandFailure(message: "no items 998, 999"))
        #expect(terminal.err == "tidings: no items 998, 999\n")
    }
}

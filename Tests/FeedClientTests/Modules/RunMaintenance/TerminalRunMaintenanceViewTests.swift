import Foundation
import Testing
@testable import FeedClient

struct TerminalRunMaintenanceViewTests {
    static let lines: [Substring] = [
        "integrity: ok",
        "retention: 20 items deleted",
        "vacuum:    done",
        "size:      13.0 MB before, 3.1 MB after",
        "took:      1.2 s",
    ]

    @Test func alignedLinesAtEveryWidth() {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            TerminalRunMaintenanceView(terminal: terminal, format: .table).showReport(RunMaintenanceFixtures.report())
            #expect(terminal.outLines == Self.lines, "width \(width)")
        }
    }

    @Test func problemsAreListedWholeUnderTheIntegrityLine() {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            TerminalRunMaintenanceView(terminal: terminal, format: .table).showReport(RunMaintenanceFixtures.unsoundReport())
            #expect(terminal.outLines == [
                "integrity: 2 problems",
                "           row 12 missing from index item_by_date",
                "           item row 7 refers to a missing feed",
                "retention: skipped: the database has problems",
                "vacuum:    skipped: the database has problems",
                "size:      13.0 MB",
                "took:      85 ms",
            ], "width \(width)")
        }
    }

    @Test func labelsAreDimAndProblemsRedWithTheSameLayout() {
        let colored = TerminalSpy(isTTY: true, width: 80, usesColor: true)
        TerminalRunMaintenanceView(terminal: colored, format: .table).showReport(RunMaintenanceFixtures.unsoundReport())
        #expect(colored.outLines[0] == "\u{1B}[2mintegrity:\u{1B}[0m \u{1B}[31m2 problems\u{1B}[0m")
        let plain = TerminalSpy(isTTY: true, width: 80)
        TerminalRunMaintenanceView(terminal: plain, format: .table).showReport(RunMaintenanceFixtures.unsoundReport())
        let withoutStyles = ["\u{1B}[2m", "\u{1B}[31m", "\u{1B}[0m"].reduce(colored.out) { $0.replacingOccurrences(of: $1, with: "") }
        #expect(withoutStyles == plain.out)
    }

    @Test func hostileProblemTextNeverReachesTheTerminal() {
        var report = RunMaintenanceFixtures.unsoundReport()
        report.problems = ["row 1\u{1B}[2J missing \u{202E}from\u{9B}2J index\u{07}"]
        for format in [OutputFormat.table, .plain, .json] {
            let terminal = TerminalSpy(isTTY: format == .table, width: 80)
            TerminalRunMaintenanceView(terminal: terminal, format: format).showReport(report)
            #expect(terminal.dangerousScalars.isEmpty, "\(format): \(terminal.out.debugDescription)")
            #expect(terminal.out.contains("missing from"), "\(format): \(terminal.out.debugDescription)")
        }
    }

    @Test func plainIsOneKeyAndValueALine() {
        let terminal = TerminalSpy()
        TerminalRunMaintenanceView(terminal: terminal, format: .plain).showReport(RunMaintenanceFixtures.unsoundReport())
        #expect(terminal.outLines.map(String.init) == [
            "integrity\tfailed",
            "problems\t" + #"["row 12 missing from index item_by_date","item row 7 refers to a missing feed"]"#,
            "retentionApplied\tfalse", "itemsDeleted\t0", "vacuumed\tfalse", "bytesBefore\t13000000",
            "bytesAfter\t13000000", "durationMs\t85", "restoreAdvice\t",
        ])
    }

    @Test func jsonHasTheDocumentedKeysInOrder() throws {
        let terminal = TerminalSpy()
        TerminalRunMaintenanceView(terminal: terminal, format: .json).showReport(RunMaintenanceFixtures.report())
        #expect(terminal.out == #"{"integrity":"ok","problems":[],"retentionApplied":true,"itemsDeleted":20,"vacuumed":true,"bytesBefore":13000000,"bytesAfter":3100000,"durationMs":1234,"restoreAdvice":null}"# + "\n")
        _ = try JSONSerialization.jsonObject(with: Data(terminal.out.utf8))
    }
}

import FeedEntities

/// Writes the maintenance report as aligned lines, plain `key<TAB>value` lines or JSON. Every
/// problem line from the daemon passes `TerminalText.sanitize` here before it is written.
public final class TerminalRunMaintenanceView: RunMaintenanceView {
    private let terminal: any Terminal
    private let format: OutputFormat

    public init(terminal: any Terminal, format: OutputFormat) {
        self.terminal = terminal
        self.format = format
    }

    public func showReport(_ report: MaintenanceReport) {
        switch format {
        case .table: terminal.write(table(report))
        case .plain: terminal.write(Self.json(report).keyValueLines)
        case .json: terminal.write(Self.json(report).text + "\n")
        }
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }

    // MARK: - Formats

    /// `integrity: ok` and so on: labels dim, values aligned one column after the longest
    /// label; problems (red count) one per line below, indented. Lines are not cut to the
    /// width: a problem is copied whole.
    private func table(_ report: MaintenanceReport) -> String {
        let integrity = report.isSound ? report.integrityText : terminal.styled(report.integrityText, .red)
        let lines: [(label: String, value: String)] = [
            ("integrity", integrity),
            ("retention", report.retentionText),
            ("vacuum", report.vacuumText),
            ("size", report.sizeText),
            ("took", report.durationText),
        ]
        let indent = String(repeating: " ", count: (lines.map(\.label.count).max() ?? 0) + 2)
        var rendered = terminal.labelledLines(lines)
        // The problems, one per line under the integrity line.
        rendered.insert(contentsOf: report.problems.map { indent + TerminalText.sanitize($0) + "\n" }, at: 1)
        return rendered.joined()
    }

    /// `{"integrity","problems","retentionApplied","itemsDeleted","vacuumed","bytesBefore",
    /// "bytesAfter","durationMs","restoreAdvice"}` (docs/json.md).
    static func json(_ report: MaintenanceReport) -> JSONValue {
        .object([
            ("integrity", .string(report.isSound ? "ok" : "failed")),
            ("problems", .array(report.problems.map { .string(TerminalText.sanitize($0)) })),
            ("retentionApplied", .bool(report.retentionApplied)),
            ("itemsDeleted", .int(Int64(report.itemsDeleted))),
            ("vacuumed", .bool(report.vacuumed)),
            ("bytesBefore", .int(report.bytesBefore)),
            ("bytesAfter", .int(report.bytesAfter)),
            ("durationMs", .int(report.durationMilliseconds)),
            ("restoreAdvice", .optional(report.restoreAdvice.map(TerminalText.sanitize))),
        ])
    }
}

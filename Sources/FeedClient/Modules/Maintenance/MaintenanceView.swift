/// Writes the maintenance report as aligned lines, plain `key<TAB>value` lines or JSON. Every
/// problem line from the daemon passes `TerminalText.sanitize` here before it is written.
public final class TerminalMaintenanceView: MaintenanceView {
    private let terminal: any Terminal
    private let format: OutputFormat

    public init(terminal: any Terminal, format: OutputFormat) {
        self.terminal = terminal
        self.format = format
    }

    public func showReport(_ report: MaintenanceReport) {
        switch format {
        case .table: terminal.write(table(report))
        case .plain: terminal.write(Self.plain(report))
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
        let lines: [(String, String)] = [
            ("integrity", integrity),
            ("retention", report.retentionText),
            ("vacuum", report.vacuumText),
            ("size", report.sizeText),
            ("took", report.durationText),
        ]
        let labelWidth = (lines.map(\.0.count).max() ?? 0) + 2
        let indent = String(repeating: " ", count: labelWidth)
        return lines.enumerated().map { index, line in
            let (label, value) = line
            var text = terminal.styled(label + ":", .dim) + String(repeating: " ", count: labelWidth - label.count - 1) + value + "\n"
            if index == 0 {
                text += report.problems.map { indent + TerminalText.sanitize($0) + "\n" }.joined()
            }
            return text
        }.joined()
    }

    /// The JSON keys and their values, tab-separated, one a line; the problems as a JSON array.
    private static func plain(_ report: MaintenanceReport) -> String {
        guard case .object(let members) = json(report) else { return "" }
        return members.map { key, value in
            let text = switch value {
            case .null: ""
            case .bool(let flag): flag ? "true" : "false"
            case .int(let number): String(number)
            case .string(let string): string
            case .array, .object: value.text
            }
            return key + "\t" + text + "\n"
        }.joined()
    }

    /// `{"integrity","problems","retentionApplied","itemsDeleted","vacuumed","bytesBefore",
    /// "bytesAfter","durationMs"}` (docs/json.md).
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
        ])
    }
}

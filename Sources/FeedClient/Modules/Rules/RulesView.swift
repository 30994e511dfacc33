import FeedIPC

/// Writes rules and dry runs as aligned lines, tab-separated lines or JSON. Every string from
/// the daemon passes `TerminalText.sanitize` here before it is written.
public final class TerminalRulesView: RulesView {
    private let terminal: any Terminal
    private let format: OutputFormat

    public init(terminal: any Terminal, format: OutputFormat) {
        self.terminal = terminal
        self.format = format
    }

    public func showRules(_ rows: [RuleRow]) {
        switch format {
        case .table:
            guard !rows.isEmpty else { return terminal.write("no rules (add them under 'rules:' in config.yaml)\n") }
            // Columns, not characters: a rule may be named in a wide script.
            let width = rows.map { DisplayWidth.of(TerminalText.sanitize($0.name)) }.max() ?? 0
            let matchedWidth = rows.map { Self.matched($0.matched).count }.max() ?? 0
            let lines = rows.map { row in
                let name = TerminalText.sanitize(row.name)
                let padding = String(repeating: " ", count: width - DisplayWidth.of(name))
                return terminal.styled(name, .bold) + padding + "  "
                    + DisplayWidth.fit(Self.matched(row.matched), toWidth: matchedWidth) + "  "
                    + TerminalText.sanitize(row.conditions) + " → " + TerminalText.sanitize(row.actions.joined(separator: ", "))
            }
            terminal.write(lines.map { $0 + "\n" }.joined())
        case .plain:
            terminal.write(rows.map { Self.plainLine($0) }.joined())
        case .json:
            terminal.write(JSONValue.object([("rules", .array(rows.map(Self.json)))]).text + "\n")
        }
    }

    public func showMatches(of rule: RuleRow, items: [RuleMatchRow]) {
        switch format {
        case .table:
            var text = "rule \(terminal.styled(TerminalText.sanitize(rule.name), .bold)) matches \(Counted.phrase(items.count, "stored item"))\n"
            let width = items.map { String($0.number).count }.max() ?? 0
            for item in items {
                let number = String(item.number)
                text += String(repeating: " ", count: width - number.count) + number + "  "
                    + TerminalText.sanitize(item.title) + "  " + terminal.styled(TerminalText.sanitize(item.feed), .dim) + "\n"
            }
            terminal.write(text)
        case .plain:
            terminal.write(items.map { "\($0.number)\t\(TerminalText.sanitize($0.title))\t\(TerminalText.sanitize($0.feed))\n" }.joined())
        case .json:
            let document = JSONValue.object([
                ("rule", Self.json(rule)),
                ("items", .array(items.map { item in
                    .object([
                        ("number", .int(item.number)), ("title", .string(TerminalText.sanitize(item.title))),
                        ("feed", .string(TerminalText.sanitize(item.feed))),
                    ])
                })),
            ])
            terminal.write(document.text + "\n")
        }
    }

    public func showApplied(_ message: String, result: RPC.ApplyRule.Result) {
        guard format == .json else { return terminal.writeLine(message) }
        let document = JSONValue.object([
            ("rule", Self.json(RulesPresenter.row(result.rule))),
            ("matched", .int(Int64(result.matched))),
            ("markedRead", .int(Int64(result.markedRead))),
            ("starred", .int(Int64(result.starred))),
            ("hidden", .int(Int64(result.hidden))),
            ("tagged", .int(Int64(result.tagged))),
        ])
        terminal.write(document.text + "\n")
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }

    // MARK: - Formats

    private static func matched(_ count: Int) -> String {
        Counted.phrase(count, "match", "matches")
    }

    /// `name<TAB>matched<TAB>conditions<TAB>actions` (actions comma-separated).
    static func plainLine(_ row: RuleRow) -> String {
        [row.name, String(row.matched), row.conditions, row.actions.joined(separator: ",")]
            .map { TerminalText.sanitize($0).split(separator: "\t", omittingEmptySubsequences: false).joined(separator: " ") }.joined(separator: "\t") + "\n"
    }

    /// `{"name","conditions","actions":[…],"matched"}` (docs/json.md).
    static func json(_ row: RuleRow) -> JSONValue {
        .object([
            ("name", .string(TerminalText.sanitize(row.name))),
            ("conditions", .string(TerminalText.sanitize(row.conditions))),
            ("actions", .array(row.actions.map { .string(TerminalText.sanitize($0)) })),
            ("matched", .int(Int64(row.matched))),
        ])
    }
}

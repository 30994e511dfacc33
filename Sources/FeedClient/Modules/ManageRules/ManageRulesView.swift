import FeedEntities

/// Writes rules and dry runs as aligned lines, tab-separated lines or JSON. Every string from
/// the daemon passes `TerminalText.sanitize` here before it is written.
public final class TerminalManageRulesView: ManageRulesView {
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
            terminal.write(table(rows))
        case .plain:
            terminal.write(rows.map { Self.plainLine($0) }.joined())
        case .json:
            terminal.write(JSONValue.object([("rules", .array(rows.map(Self.json)))]).text + "\n")
        }
    }

    public func showMatches(of rule: RuleRow, items: [ItemRow]) {
        switch format {
        case .table:
            let heading = "rule \(terminal.styled(TerminalText.sanitize(rule.name), .bold)) matches \(Counted.phrase(items.count, "stored item"))\n"
            terminal.write(heading + ItemRowRenderer(terminal: terminal).table(items))
        case .plain:
            terminal.write(items.map { "\($0.number)\t\(Self.matchTitle($0))\t\(TerminalText.sanitize($0.feedTitle))\n" }.joined())
        case .json:
            let document = JSONValue.object([
                ("rule", Self.json(rule)),
                ("items", .array(items.map { item in
                    .object([
                        ("number", .int(item.number)), ("title", .string(Self.matchTitle(item))),
                        ("feed", .string(TerminalText.sanitize(item.feedTitle))),
                    ])
                })),
            ])
            terminal.write(document.text + "\n")
        }
    }

    public func showApplied(_ message: String, rule: RuleRow, application: AppliedRule) {
        guard format == .json else { return terminal.writeLine(message) }
        let document = JSONValue.object([
            ("rule", Self.json(rule)),
            ("matched", .int(Int64(application.matched))),
            ("markedRead", .int(Int64(application.markedRead))),
            ("starred", .int(Int64(application.starred))),
            ("hidden", .int(Int64(application.hidden))),
            ("tagged", .int(Int64(application.tagged))),
        ])
        terminal.write(document.text + "\n")
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }

    // MARK: - Formats

    /// `name  12 matches  conditions → actions`, aligned like `tidings list`: the name column
    /// takes at most a third of the width (at least 8 columns), the count is right-aligned, and
    /// the description ends the line, its conditions cut before its actions. When fewer than 20
    /// columns are left for it, the description goes on the next line, indented.
    private func table(_ rows: [RuleRow]) -> String {
        // Columns, not characters: a rule may be named in a wide script.
        let names = rows.map { TerminalText.sanitize($0.name) }
        let nameWidth = min(names.map(DisplayWidth.of).max() ?? 0, max(8, terminal.width / 3))
        let countWidth = rows.map { String($0.matched).count }.max() ?? 1
        let matchedWidth = rows.map { Self.matched($0.matched, countWidth: countWidth).count }.max() ?? 0
        let room = terminal.width - (nameWidth + 2 + matchedWidth + 2)
        let descriptionIndent = 4
        var output = ""
        for (row, name) in zip(rows, names) {
            let fitted = DisplayWidth.truncate(name, toWidth: nameWidth)
            let padding = String(repeating: " ", count: nameWidth - DisplayWidth.of(fitted))
            output += terminal.styled(fitted, .bold) + padding + "  "
            let matched = Self.matched(row.matched, countWidth: countWidth)
            if room >= 20 {
                output += matched + String(repeating: " ", count: matchedWidth - matched.count) + "  "
                    + Self.description(row, width: room) + "\n"
            } else {
                output += matched + "\n" + String(repeating: " ", count: descriptionIndent)
                    + Self.description(row, width: max(10, terminal.width - descriptionIndent)) + "\n"
            }
        }
        return output
    }

    /// `conditions → actions` in at most `width` columns: the conditions are cut first, so that
    /// what the rule does stays readable; both only when the actions take more than half.
    private static func description(_ row: RuleRow, width: Int) -> String {
        let conditions = TerminalText.sanitize(row.conditions)
        let actions = " → " + TerminalText.sanitize(row.actions.joined(separator: ", "))
        let actionsWidth = DisplayWidth.of(actions)
        if DisplayWidth.of(conditions) + actionsWidth <= width { return conditions + actions }
        guard actionsWidth <= width / 2 else { return DisplayWidth.truncate(conditions + actions, toWidth: width) }
        return DisplayWidth.truncate(conditions, toWidth: width - actionsWidth) + actions
    }

    /// `12 matches`, ` 1 match`: the count right-aligned to `countWidth` digits.
    private static func matched(_ count: Int, countWidth: Int) -> String {
        let digits = String(count)
        return String(repeating: " ", count: max(0, countWidth - digits.count)) + digits + " " + Counted.noun(count, "match", "matches")
    }

    /// The title of an item a rule matches, `(untitled)` when the feed gives none (docs/json.md).
    private static func matchTitle(_ row: ItemRow) -> String {
        row.title.allSatisfy(\.isWhitespace) ? "(untitled)" : TerminalText.sanitize(row.title)
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

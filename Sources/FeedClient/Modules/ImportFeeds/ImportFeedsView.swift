import FeedEntities

/// Writes the outcome of an import: the summary on stdout and the skipped entries as notes on
/// stderr, or one JSON document. Every string from the daemon passes `TerminalText.sanitize`
/// here before it is written.
public final class TerminalImportFeedsView: ImportFeedsView {
    private let terminal: any Terminal
    private let json: Bool

    public init(terminal: any Terminal, json: Bool) {
        self.terminal = terminal
        self.json = json
    }

    public func showImport(_ report: ImportReport) {
        if json {
            terminal.write(Self.json(report).text + "\n")
            return
        }
        terminal.writeLine(report.summary)
        for note in report.notes { terminal.writeNote(note) }
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }

    /// `{"format","added":[feed],"existing":[feed],"skipped":[{"entry","location","reason"}],
    /// "views":[view],"existingViews":[view]}`, feeds as `tidings feeds --json` writes them and
    /// views as `tidings view --json` does (docs/json.md).
    static func json(_ report: ImportReport) -> JSONValue {
        .object([
            ("format", .string(report.format)),
            ("added", .array(report.added.map(TerminalFeedListView.jsonObject))),
            ("existing", .array(report.existing.map(TerminalFeedListView.jsonObject))),
            ("skipped", .array(report.skipped.map { skip in
                .object([
                    ("entry", .string(TerminalText.sanitize(skip.entry))),
                    ("location", .optional(skip.location.map(TerminalText.sanitize))),
                    ("reason", .string(TerminalText.sanitize(skip.reason))),
                ])
            })),
            ("views", .array(report.views.map(TerminalQueryFeedsView.json))),
            ("existingViews", .array(report.existingViews.map(TerminalQueryFeedsView.json))),
        ])
    }
}

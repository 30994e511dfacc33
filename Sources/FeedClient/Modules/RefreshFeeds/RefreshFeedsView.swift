import FeedEntities

/// Writes the refresh's progress and report to the terminal.
///
/// On a terminal the progress is one line redrawn in place (`Refreshing 120/500 [####      ]
/// 2 errors  Feed title`), erased before the report. Piped, every finished feed gets its own
/// line as it finishes, and the report then adds only its summary (its feed lines would repeat
/// them). With `--json`, nothing until the end, then one document. Every string from the
/// daemon passes `TerminalText.sanitize` here before it is written.
public final class TerminalRefreshFeedsView: RefreshFeedsView {
    private let terminal: any Terminal
    private let json: Bool
    /// A progress bar is on the screen, to be erased before anything else is written.
    private var barShown = false
    /// Feed lines were written as the feeds finished.
    private var wroteFeedLines = false

    public init(terminal: any Terminal, json: Bool) {
        self.terminal = terminal
        self.json = json
    }

    public func showProgress(_ progress: RefreshProgressReport) {
        // A script reading the document wants stdout to hold nothing else.
        guard !json else { return }
        guard terminal.isTTY else {
            for line in progress.lines {
                terminal.writeLine(line)
                wroteFeedLines = true
            }
            return
        }
        terminal.write(Self.eraseLine + bar(progress))
        barShown = true
    }

    public func showReport(_ report: RefreshReport) {
        if json {
            terminal.write(Self.json(report).text + "\n")
            return
        }
        eraseBar()
        if !wroteFeedLines {
            for line in report.lines {
                terminal.writeLine(line)
            }
        }
        terminal.writeLine(report.summary)
    }

    public func showFailure(_ failure: CommandFailure) {
        eraseBar()
        terminal.writeFailure(failure)
    }

    // MARK: - JSON (docs/json.md)

    /// `{"outcomes":[{"feedNumber","title","url","newItems","error","notModified","movedTo","gone"}],
    /// "feeds","newItems","unchanged","errors"}`.
    static func json(_ report: RefreshReport) -> JSONValue {
        .object([
            ("outcomes", .array(report.outcomes.map { outcome in
                .object([
                    ("feedNumber", .int(outcome.feedNumber)),
                    ("title", .string(TerminalText.sanitize(outcome.title))),
                    ("url", .string(TerminalText.sanitize(outcome.url))),
                    ("newItems", .int(Int64(outcome.newItems))),
                    ("error", .optional(outcome.error.map(TerminalText.sanitize))),
                    ("notModified", .bool(outcome.notModified)),
                    ("movedTo", .optional(outcome.movedTo.map(TerminalText.sanitize))),
                    ("gone", .bool(outcome.gone)),
                ])
            })),
            ("feeds", .int(Int64(report.outcomes.count))),
            ("newItems", .int(Int64(report.newItems))),
            ("unchanged", .int(Int64(report.unchanged))),
            ("errors", .int(Int64(report.errors))),
        ])
    }

    // MARK: - Progress bar

    /// Carriage return, then "erase the whole line" (ECMA-48 EL 2).
    static let eraseLine = "\r\u{1B}[2K"

    private func eraseBar() {
        guard barShown else { return }
        terminal.write(Self.eraseLine)
        barShown = false
    }

    /// `Refreshing 120/500 [#####     ] 2 errors  Title`, fitted to the terminal's width.
    func bar(_ progress: RefreshProgressReport) -> String {
        let slots = 20
        let filled = progress.total > 0 ? min(slots, progress.done * slots / progress.total) : slots
        var line = "Refreshing \(progress.done)/\(progress.total) ["
            + String(repeating: "#", count: filled) + String(repeating: " ", count: slots - filled) + "]"
        if progress.errors > 0 { line += " " + Counted.phrase(progress.errors, "error") }
        if let title = progress.feedTitle { line += "  " + TerminalText.sanitize(title) }
        // One column short of the width, so the terminal never wraps the line it redraws.
        return DisplayWidth.truncate(line, toWidth: max(10, terminal.width - 1))
    }
}

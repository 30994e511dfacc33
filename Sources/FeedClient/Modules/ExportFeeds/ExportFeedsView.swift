/// Writes an export to stdout, and what became of it.
///
/// The document is a file's content and is written exactly as built, so that stdout and
/// `--output` get the same bytes: `TerminalText.sanitize` would fold its line breaks and
/// indentation. It is safe on a terminal all the same: the builders (`XMLWriter.escape`,
/// `NewsboatURLsExport`) drop ESC, every other control character and the bidi and invisible
/// format characters from the feeds' text, so no escape sequence can form. Messages and notes
/// pass `sanitize` as everywhere else.
public final class TerminalExportFeedsView: ExportFeedsView {
    private let terminal: any Terminal

    public init(terminal: any Terminal) {
        self.terminal = terminal
    }

    public func showDocument(_ text: String) {
        terminal.write(text)
    }

    public func showSaved(_ message: String) {
        terminal.writeLine(message)
    }

    public func showNote(_ note: String) {
        terminal.writeNote(note)
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }
}

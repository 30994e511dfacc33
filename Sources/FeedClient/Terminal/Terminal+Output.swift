import FeedEntities
import FeedIPC

extension Terminal {
    /// Writes `failure` as the one stderr line every command uses: `tidings: <message>`.
    public func writeFailure(_ failure: CommandFailure) {
        writeError("tidings: " + TerminalText.sanitize(failure.message) + "\n")
    }

    /// Writes a note about the output (such as "No unread items.") to stderr, so that
    /// stdout carries only results.
    public func writeNote(_ note: String) {
        writeError(TerminalText.sanitize(note) + "\n")
    }

    /// Writes one sanitised line to stdout.
    public func writeLine(_ line: String) {
        write(TerminalText.sanitize(line) + "\n")
    }

    /// Writes a listing in `format`: the JSON document (even when empty), else the table or
    /// plain text, else `emptyNote` on stderr when there is nothing to list.
    /// The closures build only the format that is written.
    public func writeListing(
        format: OutputFormat, isEmpty: Bool, emptyNote: String,
        json: () -> JSONValue, table: () -> String, plain: () -> String
    ) {
        switch format {
        case .json:
            write(json().text + "\n")
        case _ where isEmpty:
            writeNote(emptyNote)
        case .table:
            write(table())
        case .plain:
            write(plain())
        }
    }

    /// `label:  value` lines for a one-record report on a terminal: labels dim, values aligned
    /// one column after the longest label, never cut to the width (a path is copied whole).
    /// Values must already be sanitised.
    public func labelledLines(_ lines: [(label: String, value: String)]) -> [String] {
        let width = (lines.map(\.label.count).max() ?? 0) + 2
        return lines.map { label, value in
            styled(label + ":", .dim) + String(repeating: " ", count: width - label.count - 1) + value + "\n"
        }
    }
}

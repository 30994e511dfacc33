/// Writes new items as they arrive, one line each, with the same renderer as `tidings list`:
/// table rows fitted to the width on a terminal, plain lines when piped, and with `--json` one
/// JSON object per line (NDJSON), so that a script can `while read` them.
public final class TerminalWatchView: WatchView {
    private let terminal: any Terminal
    private let format: OutputFormat
    private let renderer: ItemRowRenderer

    public init(terminal: any Terminal, format: OutputFormat) {
        self.terminal = terminal
        self.format = format
        self.renderer = ItemRowRenderer(terminal: terminal)
    }

    public func showItems(_ rows: [ItemRow]) {
        switch format {
        case .table:
            // Columns are sized per batch: later batches may align differently, but no row
            // waits for the next one.
            terminal.write(renderer.table(rows))
        case .plain:
            terminal.write(rows.map(ItemRowRenderer.plainLine).joined())
        case .json:
            terminal.write(rows.map { ItemRowRenderer.jsonObject($0).text + "\n" }.joined())
        }
    }

    public func showNote(_ note: String) {
        terminal.writeNote(note)
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }
}

import FeedEntities

/// Writes the item listing as a table, plain lines or JSON, through the `ItemRowRenderer` that
/// search and watch share. Every string from the daemon is sanitised there before it is written.
public final class TerminalItemListView: ItemListView {
    private let terminal: any Terminal
    private let format: OutputFormat
    private let renderer: ItemRowRenderer

    public init(terminal: any Terminal, format: OutputFormat) {
        self.terminal = terminal
        self.format = format
        self.renderer = ItemRowRenderer(terminal: terminal)
    }

    public func showItems(_ rows: [ItemRow], emptyNote: String) {
        terminal.writeListing(
            format: format, isEmpty: rows.isEmpty, emptyNote: emptyNote,
            json: { Self.json(rows) }, table: { renderer.table(rows) },
            plain: { rows.map(ItemRowRenderer.plainLine).joined() })
    }

    public func showNote(_ note: String) {
        terminal.writeNote(note)
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }

    /// `{"items":[…]}` (docs/json.md), the document the daemon's hooks get too.
    static func json(_ rows: [ItemRow]) -> JSONValue {
        ItemRowRenderer.jsonDocument(rows)
    }
}

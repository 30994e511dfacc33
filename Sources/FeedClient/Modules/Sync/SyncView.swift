import FeedEntities

/// Writes what a sync did and where syncing stands as aligned lines, plain `key<TAB>value`
/// lines or JSON. Every string from the daemon (the service's address, its errors) passes
/// `TerminalText.sanitize` here before it is written.
public final class TerminalSyncView: SyncView {
    private let terminal: any Terminal
    private let format: OutputFormat

    public init(terminal: any Terminal, format: OutputFormat) {
        self.terminal = terminal
        self.format = format
    }

    public func showStatus(_ report: SyncStatusReport) {
        switch format {
        case .table: terminal.write(table(report))
        case .plain: terminal.write(Self.json(report).keyValueLines)
        case .json: terminal.write(Self.json(report).text + "\n")
        }
    }

    public func showNotConfigured(_ note: String, report: SyncStatusReport) {
        terminal.writeListing(
            format: format, isEmpty: true, emptyNote: note, json: { Self.json(report) }, table: { "" }, plain: { "" })
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }

    // MARK: - Formats

    /// What the sync did (`pushed: 3 changes`, …, `took: 1.2 s`), then the status
    /// (`service: miniflux`, …): labels dim, values aligned one column after the longest
    /// label, the reasons for refused changes one per line under `pending`, the last error red.
    /// Lines are not cut to the width: an address or an error is copied whole.
    private func table(_ report: SyncStatusReport) -> String {
        var lines: [(label: String, value: String)] = []
        if let run = report.run {
            lines += [
                ("pushed", run.pushedText),
                ("feeds", run.feedsText),
                ("new items", "\(run.newItems)"),
                ("states", "\(run.statesChanged) changed"),
                ("took", run.durationText),
            ]
        }
        lines.append(("service", TerminalText.sanitize(report.service ?? "none")))
        if let url = report.url { lines.append(("url", TerminalText.sanitize(url))) }
        if let user = report.user { lines.append(("user", TerminalText.sanitize(user))) }
        lines.append(("last sync", report.lastSyncText))
        if let attempt = report.lastAttemptText { lines.append(("last attempt", attempt)) }
        lines.append(("next sync", report.nextSyncText))
        let pendingLine = lines.count
        lines.append(("pending", report.pendingText))
        if let error = report.lastError {
            // Nothing reaches the service until it is mended: worth the red.
            lines.append(("last error", terminal.styled(TerminalText.sanitize(error), .red)))
        }
        lines.append(("synced feeds", "\(report.syncedFeeds)"))
        let indent = String(repeating: " ", count: (lines.map(\.label.count).max() ?? 0) + 2)
        var rendered = terminal.labelledLines(lines)
        // Why changes were refused, one reason a line under the pending line.
        rendered.insert(
            contentsOf: report.pendingErrors.map { indent + TerminalText.sanitize($0) + "\n" }, at: pendingLine + 1)
        return rendered.joined()
    }

    /// `{"service","url","user","lastSync","lastAttempt","lastError","nextSync","pending",
    /// "pendingErrors","syncing","syncedFeeds","report":{"pushed","failed","feedsAdded",
    /// "feedsLinked","feedsRemoved","newItems","statesChanged","durationMs"}}` (docs/json.md);
    /// `status --json` holds the same object as its `sync`.
    static func json(_ report: SyncStatusReport) -> JSONValue {
        .object([
            ("service", .optional(report.service.map(TerminalText.sanitize))),
            ("url", .optional(report.url.map(TerminalText.sanitize))),
            ("user", .optional(report.user.map(TerminalText.sanitize))),
            ("lastSync", .optional(report.lastSync)),
            ("lastAttempt", .optional(report.lastAttempt)),
            ("lastError", .optional(report.lastError.map(TerminalText.sanitize))),
            ("nextSync", .optional(report.nextSync)),
            ("pending", .int(Int64(report.pending))),
            ("pendingErrors", .array(report.pendingErrors.map { .string(TerminalText.sanitize($0)) })),
            ("syncing", .bool(report.syncing)),
            ("syncedFeeds", .int(Int64(report.syncedFeeds))),
            ("report", report.run.map { run in
                .object([
                    ("pushed", .int(Int64(run.pushed))),
                    ("failed", .int(Int64(run.failed))),
                    ("feedsAdded", .int(Int64(run.feedsAdded))),
                    ("feedsLinked", .int(Int64(run.feedsLinked))),
                    ("feedsRemoved", .int(Int64(run.feedsRemoved))),
                    ("newItems", .int(Int64(run.newItems))),
                    ("statesChanged", .int(Int64(run.statesChanged))),
                    ("durationMs", .int(run.milliseconds)),
                ])
            } ?? .null),
        ])
    }
}

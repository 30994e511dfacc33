import FeedEntities

/// Writes the daemon's status as aligned lines, plain `key<TAB>value` lines or JSON. Every
/// string from the daemon passes `TerminalText.sanitize` here before it is written.
public final class TerminalStatusView: StatusView {
    private let terminal: any Terminal
    private let format: OutputFormat

    public init(terminal: any Terminal, format: OutputFormat) {
        self.terminal = terminal
        self.format = format
    }

    public func showStatus(_ report: StatusReport) {
        switch format {
        case .table: terminal.write(table(report))
        case .plain: terminal.write(Self.json(report).keyValueLines)
        case .json: terminal.write(Self.json(report).text + "\n")
        }
    }

    public func showFailure(_ failure: CommandFailure) {
        terminal.writeFailure(failure)
    }

    // MARK: - Formats

    /// `last refresh: 5 min ago`: labels dim, values aligned one column after the longest label.
    /// Lines are not cut to the width: a path is copied whole.
    private func table(_ report: StatusReport) -> String {
        let failing = report.failingFeeds > 0 ? " " + terminal.styled("(\(report.failingFeeds) failing)", .red) : ""
        var lines: [(label: String, value: String)] = [
            ("daemon", "tidingsd \(TerminalText.sanitize(report.daemonVersion)) (protocol \(TerminalText.sanitize(report.protocolVersion)))"),
            ("uptime", report.uptimeText),
            ("feeds", "\(report.feeds)" + failing),
            ("items", "\(report.items)"),
            ("unread", "\(report.unread)"),
            ("starred", "\(report.starred)"),
            ("last refresh", report.lastRefreshText),
            ("next refresh", report.nextRefreshText),
            ("database", "\(TerminalText.sanitize(report.databasePath)) (\(report.databaseSizeText))"),
            ("schema", TerminalText.sanitize(report.schemaVersion)),
        ]
        if let path = report.configPath { lines.append(("config", TerminalText.sanitize(path))) }
        if let cache = report.imageCache {
            lines.append((
                "image cache",
                cache.limit == 0
                    ? "off"
                    : "\(Counted.phrase(cache.files, "image")), \(StatusPresenter.byteCount(cache.bytes)) of \(StatusPresenter.byteCount(cache.limit))"))
        }
        if let damage = report.damage {
            if !damage.counted {
                for index in lines.indices where ["feeds", "items", "unread", "starred"].contains(lines[index].label) {
                    lines[index].value = "unknown (the database cannot be read)"
                }
            }
            lines.insert(("damage", damageText(damage)), at: 0)
        }
        if let sync = report.sync { lines += syncLines(sync) }
        if let failure = report.reloadFailure {
            // What the daemon runs with is not what the file says: worth the red.
            lines.append((
                "last reload",
                terminal.styled("refused \(failure.atText), config kept", .red) + ": " + TerminalText.sanitize(failure.error)))
        }
        if let storage = report.storage {
            // Nothing the daemon fetches is kept meanwhile: worth the red.
            lines.append((
                "storage",
                terminal.styled("cannot write the database since \(storage.sinceText)", .red)
                    + " (\(TerminalText.sanitize(storage.error))); "
                    + (storage.feeds == 0
                        ? "the search index waits"
                        : Counted.phrase(storage.feeds, "feed") + (storage.feeds == 1 ? " waits" : " wait"))))
        }
        return terminal.labelledLines(lines).joined()
    }

    /// The first problem in red, what the daemon does about it and how to restore.
    private func damageText(_ damage: DatabaseDamageReport) -> String {
        let more = damage.problems.count > 1 ? " (and \(damage.problems.count - 1) more)" : ""
        let first = TerminalText.sanitize(damage.problems.first ?? "damaged")
        let restore = damage.restoreCommand.map { "to restore the newest backup, run: " + TerminalText.sanitize($0) }
            ?? "no backup beside it; see 'A damaged database' in docs/cli.md"
        return terminal.styled("the database is damaged: \(first)\(more)", .red)
            + "; tidingsd writes nothing more to it and refreshes nothing; " + restore
    }

    /// `sync: miniflux at https://…`, when it was, what waits and, in red, why the last sync
    /// failed; `tidings sync --status` says the rest.
    private func syncLines(_ sync: SyncStatusReport) -> [(label: String, value: String)] {
        let service = TerminalText.sanitize(sync.service ?? "none") + (sync.url.map { " at " + TerminalText.sanitize($0) } ?? "")
        var lines: [(label: String, value: String)] = [
            ("sync", service),
            ("last sync", sync.syncing ? sync.lastSyncText + "; syncing now" : sync.lastSyncText),
            ("pending", sync.pendingText),
        ]
        if let error = sync.lastError {
            // Nothing reaches the service until it is mended: worth the red.
            lines.append(("sync error", terminal.styled(TerminalText.sanitize(error), .red)))
        }
        return lines
    }

    /// `{"daemonVersion","protocolVersion","startedAt","uptimeSeconds","feeds","failingFeeds",
    /// "items","unread","starred","lastRefresh","nextRefresh","refreshing","databasePath",
    /// "databaseBytes","schemaVersion","configPath","reloadFailure":{"at","error"},
    /// "storage":{"since","error","feeds"},"sync","damage":{"problems","backups","restoreCommand",
    /// "counted"},"imageCache":{"bytes","files","limit"}}` (docs/json.md; `sync` is `sync --json`'s
    /// document, or `null`).
    static func imageCacheJSON(_ cache: ImageCacheUsage?) -> JSONValue {
        guard let cache else { return .null }
        return .object([("bytes", .int(cache.bytes)), ("files", .int(Int64(cache.files))), ("limit", .int(cache.limit))])
    }

    static func json(_ report: StatusReport) -> JSONValue {
        .object([
            ("daemonVersion", .string(TerminalText.sanitize(report.daemonVersion))),
            ("protocolVersion", .string(TerminalText.sanitize(report.protocolVersion))),
            ("startedAt", .string(report.startedAt)),
            ("uptimeSeconds", .int(report.uptimeSeconds)),
            ("feeds", .int(Int64(report.feeds))),
            ("failingFeeds", .int(Int64(report.failingFeeds))),
            ("items", .int(Int64(report.items))),
            ("unread", .int(Int64(report.unread))),
            ("starred", .int(Int64(report.starred))),
            ("lastRefresh", .optional(report.lastRefresh)),
            ("nextRefresh", .optional(report.nextRefresh)),
            ("refreshing", .bool(report.refreshing)),
            ("databasePath", .string(TerminalText.sanitize(report.databasePath))),
            ("databaseBytes", .int(report.databaseBytes)),
            ("schemaVersion", .string(TerminalText.sanitize(report.schemaVersion))),
            ("configPath", .optional(report.configPath.map(TerminalText.sanitize))),
            ("reloadFailure", report.reloadFailure.map { failure in
                .object([("at", .string(failure.at)), ("error", .string(TerminalText.sanitize(failure.error)))])
            } ?? .null),
            ("storage", report.storage.map { storage in
                .object([
                    ("since", .string(storage.since)), ("error", .string(TerminalText.sanitize(storage.error))),
                    ("feeds", .int(Int64(storage.feeds))),
                ])
            } ?? .null),
            ("sync", report.sync.map(TerminalSyncView.json) ?? .null),
            ("damage", report.damage.map { damage in
                .object([
                    ("problems", .array(damage.problems.map { .string(TerminalText.sanitize($0)) })),
                    ("backups", .array(damage.backups.map { .string(TerminalText.sanitize($0)) })),
                    ("restoreCommand", .optional(damage.restoreCommand.map(TerminalText.sanitize))),
                    ("counted", .bool(damage.counted)),
                ])
            } ?? .null),
            ("imageCache", imageCacheJSON(report.imageCache)),
        ])
    }
}
